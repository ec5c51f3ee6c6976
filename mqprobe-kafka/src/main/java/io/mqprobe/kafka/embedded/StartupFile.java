package io.mqprobe.kafka.embedded;

import io.mqprobe.api.UsageException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.server.config.AbstractKafkaConfig;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * One embedded broker's {@code server.properties}, for static settings: those the broker reads only when it
 * starts, so they change by rewriting this file and restarting the broker ({@link EmbeddedKafkaCluster#restart}).
 */
public final class StartupFile {

    /** What places the broker in the cluster (identity, addresses, directories): the cluster's layout, not a knob. */
    private static final Set<String> LAYOUT = Set.of("node.id", "broker.id", "process.roles", "controller.quorum.voters",
            "controller.quorum.bootstrap.servers", "controller.listener.names", "inter.broker.listener.name",
            "listener.security.protocol.map", "listeners", "advertised.listeners", "log.dirs", "log.dir", "metadata.log.dir");

    private final Path file;

    StartupFile(Path file) {
        this.file = file;
    }

    /**
     * Refuses what a broker restart cannot try: a setting of the cluster's layout, or a value the broker's own
     * definition of the setting rejects (wrong type, out of range), so a sweep fails before any load.
     *
     * @throws UsageException naming the setting
     */
    public static void check(String key, String value) {
        if (LAYOUT.contains(key) || key.startsWith("ssl.") || key.startsWith("listener.name.")) {
            throw new UsageException("'" + key + "' is part of the embedded cluster's layout; it cannot be varied");
        }
        ConfigDef.ConfigKey definition = AbstractKafkaConfig.CONFIG_DEF.configKeys().get(key);
        if (definition == null) {
            throw new UsageException("unknown broker setting '" + key + "'");
        }
        try {
            Object parsed = ConfigDef.parseType(key, value, definition.type);
            if (definition.validator != null) {
                definition.validator.ensureValid(key, parsed);
            }
        } catch (ConfigException e) {
            throw new UsageException("the broker would not start with " + key + "=" + value + ": " + e.getMessage());
        }
    }

    /** The key's value in the file; empty when the file leaves it to the broker's default. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(read().get(key));
    }

    /** Writes {@code key=value} into the file; {@code null} removes the key. The broker sees it at its next start. */
    public void set(String key, String value) {
        Map<String, String> settings = read();
        if (value == null) {
            settings.remove(key);
        } else {
            settings.put(key, value);
        }
        BrokerConfig.write(file, settings);
    }

    private Map<String, String> read() {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, String> settings = new TreeMap<>();
        props.stringPropertyNames().forEach(k -> settings.put(k, props.getProperty(k)));
        return settings;
    }
}
