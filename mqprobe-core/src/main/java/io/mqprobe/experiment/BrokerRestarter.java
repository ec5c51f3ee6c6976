package io.mqprobe.experiment;

import java.util.Optional;

/**
 * Changes a static broker setting (one the broker reads only when it starts) the only way it can be
 * changed: by rewriting the broker's start-up configuration and restarting it. Only a cluster mqprobe
 * started offers this; {@link ConfigJournal} journals the old start-up value before it calls
 * {@link #writeStartupValue}.
 */
public interface BrokerRestarter {

    /** The key's value in the broker's start-up configuration; empty when the file leaves it to the default. */
    Optional<String> startupValue(int brokerId, String key);

    /** Writes {@code key=value} into the broker's start-up configuration; {@code null} removes the key (back to the default). */
    void writeStartupValue(int brokerId, String key, String value);

    /** Restarts the broker and returns once it serves again and every partition is back in full ISR. */
    void restart(int brokerId);
}
