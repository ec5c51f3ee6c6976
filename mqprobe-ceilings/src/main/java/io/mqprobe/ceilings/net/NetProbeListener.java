package io.mqprobe.ceilings.net;

/** Progress of a net client test, called from the thread that runs it. */
public interface NetProbeListener {

    /** Ignores every event. */
    NetProbeListener NONE = new NetProbeListener() {
    };

    /** Every stream is connected and the server has started the test. */
    default void onStarted(NetClientSpec spec) {
    }

    /** One interval (normally one second) has passed. */
    default void onInterval(NetInterval interval) {
    }
}
