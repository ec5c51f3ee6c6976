package io.mqprobe.embedded;

import java.util.Optional;

/**
 * The settings an embedded broker reads only when it starts (Kafka's {@code server.properties}): changed by writing
 * them here and restarting the broker ({@link FaultableCluster#restart}). What a sweep of static settings varies.
 */
public interface StartupSettings {

    /**
     * Refuses what a restart cannot try (a setting of the cluster's layout, an unknown setting, a value the broker would
     * not start with), so a sweep fails before any load.
     *
     * @throws io.mqprobe.api.UsageException naming the setting
     */
    void check(String key, String value);

    /** The key's value for the broker; empty when its file leaves it to the broker's default. */
    Optional<String> get(int brokerId, String key);

    /** Writes {@code key=value} for the broker; {@code null} removes the key. The broker sees it at its next start. */
    void set(int brokerId, String key, String value);
}
