package io.mqprobe.cli.target;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.run.target.Security;
import io.mqprobe.run.target.TargetPlan;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/** Where the cluster under test is and how to reach it: a picocli mixin of every command that talks to a cluster. */
public final class TargetOptions {

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT[,...]",
            description = "Brokers of an existing cluster. Without it mqprobe uses the cluster of 'mqprobe cluster up', "
                    + "or starts a temporary embedded Kafka cluster on 127.0.0.1.")
    String bootstrap;

    @Option(names = "--command-config", paramLabel = "FILE",
            description = "Client settings (.properties, e.g. security.protocol, sasl.*, ssl.*) applied to every client, as in Kafka's tools.")
    Path commandConfig;

    @Mixin
    DriverOption driver;

    @Mixin
    EmbeddedBrokersOption brokers;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", defaultValue = "10s", converter = ConnectTimeoutConverter.class,
            description = "How long to wait for the cluster to answer (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--security", paramLabel = "MODE[,MODE]", defaultValue = "plaintext",
            description = "plaintext or ssl (default: ${DEFAULT-VALUE}). An embedded cluster gets an SSL listener with keys made "
                    + "at start; against --bootstrap, ssl sets security.protocol=SSL and --command-config gives the trust store. "
                    + "'plaintext,ssl' runs each probe scenario over both listeners of an embedded cluster.")
    String security;

    @Option(names = "--broker-config", paramLabel = "KEY=VALUE",
            description = "A broker setting of the embedded cluster this command starts (repeatable), e.g. num.replica.fetchers=4.")
    List<String> brokerConfig = new java.util.ArrayList<>();

    @Mixin
    IsolationFlags isolationFlags = new IsolationFlags();

    /**
     * The target as typed, parsed and checked once: the command config read, the security modes, broker settings and
     * isolation parsed. Called when the session opens, so these errors come in the order they always did.
     *
     * @throws UsageException naming the bad value or the unreadable file
     */
    public TargetPlan conclude() {
        Map<String, String> clientProperties = commandConfig == null ? Map.of() : read(commandConfig);
        List<Security> modes = Security.parseList(security == null ? "plaintext" : security);
        Map<String, String> brokerOverrides = brokerOverrides();
        IsolationOptions isolation = isolationFlags.isolation();
        return new TargetPlan(bootstrap == null || bootstrap.isBlank() ? Optional.empty() : Optional.of(bootstrap.trim()),
                driver.driverId(), commandConfig, clientProperties, brokers.brokers(),
                connectTimeout, modes, security, brokerOverrides, isolation, isolationFlags.unset(),
                isolationFlags.confinesBrokers(), false);
    }

    /** The driver typed (or the default): what a command needs to know before it concludes the rest. */
    public String driverId() {
        return driver.driverId();
    }

    /** {@code --bootstrap} was given: what a command needs to know before it concludes the rest. */
    public boolean remote() {
        return bootstrap != null && !bootstrap.isBlank();
    }

    /** The {@code --broker-config} settings, in order; @throws UsageException for one without '=' */
    private Map<String, String> brokerOverrides() {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        for (String pair : brokerConfig) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--broker-config expects KEY=VALUE, got '" + pair + "'");
            }
            settings.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return settings;
    }

    private static Map<String, String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new UsageException("cannot read --command-config " + file + ": no such file");
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new UsageException("cannot read --command-config " + file + ": " + e.getMessage(), e);
        }
        Map<String, String> settings = new TreeMap<>();
        properties.stringPropertyNames().forEach(k -> settings.put(k, properties.getProperty(k).trim()));
        return Map.copyOf(settings);
    }

    /** Parses {@code 500ms}, {@code 10s}, {@code 1m}. */
    static final class ConnectTimeoutConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return TimeSpan.parsePositive("--connect-timeout", value);
        }
    }
}
