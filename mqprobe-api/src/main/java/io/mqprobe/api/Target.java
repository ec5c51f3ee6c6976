package io.mqprobe.api;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Where the cluster is and how to talk to it.
 *
 * @param driverId         driver short id, e.g. {@code kafka}
 * @param bootstrap        comma-separated {@code host:port} list (Kafka bootstrap servers, RocketMQ name servers)
 * @param clientProperties native client settings (security, SASL, SSL) applied to every client; may hold secrets
 * @param connectTimeout   how long {@link DriverFactory#connect} may wait for the first answer
 */
public record Target(String driverId, String bootstrap, Map<String, String> clientProperties, Duration connectTimeout) {

    public Target {
        Objects.requireNonNull(driverId, "driverId");
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new UsageException("bootstrap address is empty");
        }
        clientProperties = Map.copyOf(clientProperties);
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new UsageException("connect timeout must be positive");
        }
    }

    /**
     * Every bootstrap address is on this machine's loopback: the brokers share this host's cores with the load generator.
     * RocketMQ separates its name servers with {@code ;}.
     */
    public boolean onLoopback() {
        return Arrays.stream(bootstrap.split("[,;]")).map(String::strip).filter(a -> !a.isEmpty()).allMatch(Target::loopback);
    }

    private static boolean loopback(String address) {
        try {
            return HostPort.loopback(HostPort.parse("--bootstrap", address).host());
        } catch (UsageException e) {
            return false;   // not HOST:PORT: nothing to tell
        }
    }

    /** Client properties with secret values masked, safe to print or store in a result. */
    public Map<String, String> redactedProperties() {
        return SecretRedaction.redact(clientProperties);
    }

    @Override
    public String toString() {
        return "Target[" + driverId + " " + bootstrap + " " + redactedProperties() + "]";
    }
}
