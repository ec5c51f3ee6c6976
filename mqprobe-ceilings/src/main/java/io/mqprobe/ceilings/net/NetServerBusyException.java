package io.mqprobe.ceilings.net;

/**
 * The net server refused a test because another one still held it (or it was shutting down). A client that runs its
 * own tests one after another against its own server may wait and ask again: the server frees itself only after it
 * has sent the previous test's totals.
 */
public final class NetServerBusyException extends IllegalStateException {

    NetServerBusyException(String message) {
        super(message);
    }
}
