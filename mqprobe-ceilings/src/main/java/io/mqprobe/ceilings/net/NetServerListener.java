package io.mqprobe.ceilings.net;

import java.net.InetSocketAddress;

/** What a net server does, reported from its own threads. */
public interface NetServerListener {

    /** Ignores every event. */
    NetServerListener NONE = new NetServerListener() {
    };

    default void onListening(InetSocketAddress address) {
    }

    default void onTestStarted(String client, int streams, boolean reverse, long durationMs) {
    }

    /** @param receivedOrSentBytes bytes this server read, or wrote with reverse */
    default void onTestFinished(String client, long receivedOrSentBytes, double bytesPerSecond) {
    }

    /** A request outside the limits, a busy server, or a connection that is not an mqprobe client. */
    default void onRejected(String client, String reason) {
    }

    default void onTestFailed(String client, String reason) {
    }
}
