package io.mqprobe.scenario;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mqprobe.api.Durability;
import io.mqprobe.api.UsageException;

import java.util.Map;

/**
 * One probe scenario: a topic layout and the producer settings that define what it measures.
 * Loaded from built-ins or a YAML file; unset numbers (0) take the probe's defaults.
 *
 * @param name              short id ({@code single}, {@code broker-ceiling}, ...)
 * @param description       what the scenario tells the user
 * @param partitions        partitions of its topic; 0 = the probe's {@code --partitions}
 * @param replicationFactor copies of each partition; 0 = min(3, brokers)
 * @param pinToOneBroker    place every partition on one broker (that broker's ceiling)
 * @param durability        what the producer waits for ({@code none}, {@code leader}, {@code all-replicas}); the
 *                          driver turns it into native settings. Files may still say {@code acks: 0 | 1 | all}
 * @param minReplicas       brokers the scenario needs; below that it is skipped with a reason
 * @param producerProperties extra native producer settings for this scenario (win over the probe's)
 */
public record ScenarioSpec(String name, String description, int partitions, int replicationFactor,
                           boolean pinToOneBroker, Durability durability, int minReplicas, Map<String, String> producerProperties) {

    @JsonCreator
    public ScenarioSpec(@JsonProperty("name") String name, @JsonProperty("description") String description,
                        @JsonProperty("partitions") int partitions, @JsonProperty("replicationFactor") int replicationFactor,
                        @JsonProperty("pinToOneBroker") boolean pinToOneBroker,
                        @JsonProperty("durability") @JsonAlias("acks") Durability durability,
                        @JsonProperty("minReplicas") int minReplicas,
                        @JsonProperty("producerProperties") Map<String, String> producerProperties) {
        if (name == null || !name.matches("[a-z0-9][a-z0-9-]{0,40}")) {
            throw new UsageException("scenario name must be lower-case letters, digits and '-', got '" + name + "'");
        }
        if (partitions < 0 || replicationFactor < 0 || minReplicas < 0) {
            throw new UsageException("scenario " + name + ": partitions, replicationFactor and minReplicas must not be negative");
        }
        this.name = name;
        this.description = description == null ? "" : description;
        this.partitions = partitions;
        this.replicationFactor = replicationFactor;
        this.pinToOneBroker = pinToOneBroker;
        this.durability = durability == null ? Durability.LEADER : durability;
        this.minReplicas = Math.max(minReplicas, replicationFactor);
        this.producerProperties = producerProperties == null ? Map.of() : Map.copyOf(producerProperties);
    }

    /** Replication factor on a cluster of {@code brokers}. */
    public int replicationOn(int brokers) {
        return replicationFactor > 0 ? replicationFactor : Math.min(3, brokers);
    }
}
