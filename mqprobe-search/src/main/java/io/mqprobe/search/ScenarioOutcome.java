package io.mqprobe.search;

import io.mqprobe.api.Durability;

import java.util.Objects;

/**
 * One scenario of a probe as the capacity summary needs it: its topic layout, durability and verdict.
 *
 * @param brokerPinned true when all partitions sit on one broker, so the ceiling is one broker's ceiling
 * @param verdict      {@code null} when the scenario was skipped
 * @param skipped      why it was skipped ("needs 3 brokers, target has 1"), or {@code null} when it ran
 * @param partitions   partitions of its topic when the scenario fixes them, else 0
 */
public record ScenarioOutcome(String name, int replicationFactor, Durability durability, boolean brokerPinned,
                              ScenarioVerdict verdict, String skipped, int partitions) {

    public ScenarioOutcome(String name, int replicationFactor, Durability durability, boolean brokerPinned,
                           ScenarioVerdict verdict, String skipped) {
        this(name, replicationFactor, durability, brokerPinned, verdict, skipped, 0);
    }

    public ScenarioOutcome {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(durability, "durability");
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("replication factor must be at least 1, got " + replicationFactor);
        }
        if ((verdict == null) == (skipped == null)) {
            throw new IllegalArgumentException("scenario " + name + " needs either a verdict or a skip reason");
        }
    }

    /** A scenario that ran. */
    public ScenarioOutcome(String name, int replicationFactor, Durability durability, boolean brokerPinned, ScenarioVerdict verdict) {
        this(name, replicationFactor, durability, brokerPinned, verdict, null);
    }

    /** A scenario that could not run, and why. */
    public static ScenarioOutcome skipped(String name, int replicationFactor, Durability durability, boolean brokerPinned, String reason) {
        return new ScenarioOutcome(name, replicationFactor, durability, brokerPinned, null, reason);
    }

    /** The same scenario with the partitions it fixes. */
    public ScenarioOutcome withPartitions(int fixedPartitions) {
        return new ScenarioOutcome(name, replicationFactor, durability, brokerPinned, verdict, skipped, fixedPartitions);
    }

    /** Every in-sync replica has the record before the producer hears back. */
    public boolean durable() {
        return durability.durable();
    }

    boolean measured() {
        return verdict != null && verdict.ceiling() != null;
    }
}
