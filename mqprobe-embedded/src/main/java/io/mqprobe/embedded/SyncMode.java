package io.mqprobe.embedded;

import io.mqprobe.api.UsageException;

import java.util.Locale;

/** Whether a broker answers after a copy or a flush is done (sync) or at once (async); for replication and flush alike. */
public enum SyncMode {
    SYNC, ASYNC;

    /** {@code sync} or {@code async}, any case; a {@link UsageException} naming {@code what} otherwise. */
    public static SyncMode parse(String what, String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad " + what + " '" + value + "' (sync or async)");
        }
    }
}
