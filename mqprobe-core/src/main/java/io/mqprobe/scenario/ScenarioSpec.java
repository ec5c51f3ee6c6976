package io.mqprobe.scenario;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mqprobe.api.Durability;
import io.mqprobe.api.TopicSpec;
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
 * @param topics            topics of the layout (many-topics: T); 0 or 1 = one topic
 * @param loadedTopics      how many of them get the load (K); 0 = all
 * @param syncSenders       synchronous sender threads per producer client (S: one message in flight each, like
 *                          an application's blocking send); 0 = one asynchronous sender per client
 */
public record ScenarioSpec(String name, String description, int partitions, int replicationFactor,
                           boolean pinToOneBroker, Durability durability, int minReplicas, Map<String, String> producerProperties,
                           int topics, int loadedTopics, int syncSenders) {

    /** A one-topic scenario with asynchronous senders (the classic matrix). */
    public ScenarioSpec(String name, String description, int partitions, int replicationFactor, boolean pinToOneBroker,
                        Durability durability, int minReplicas, Map<String, String> producerProperties) {
        this(name, description, partitions, replicationFactor, pinToOneBroker, durability, minReplicas, producerProperties, 0, 0, 0);
    }

    @JsonCreator
    public ScenarioSpec(@JsonProperty("name") String name, @JsonProperty("description") String description,
                        @JsonProperty("partitions") int partitions, @JsonProperty("replicationFactor") int replicationFactor,
                        @JsonProperty("pinToOneBroker") boolean pinToOneBroker,
                        @JsonProperty("durability") @JsonAlias("acks") Durability durability,
                        @JsonProperty("minReplicas") int minReplicas,
                        @JsonProperty("producerProperties") Map<String, String> producerProperties,
                        @JsonProperty("topics") int topics, @JsonProperty("loadedTopics") int loadedTopics,
                        @JsonProperty("syncSenders") int syncSenders) {
        if (name == null || !name.matches("[a-z0-9][a-z0-9-]{0,40}")) {
            throw new UsageException("scenario name must be lower-case letters, digits and '-', got '" + name + "'");
        }
        if (partitions < 0 || replicationFactor < 0 || minReplicas < 0) {
            throw new UsageException("scenario " + name + ": partitions, replicationFactor and minReplicas must not be negative");
        }
        if (topics < 0 || loadedTopics < 0 || syncSenders < 0 || topics > MAX_TOPICS) {
            throw new UsageException("scenario " + name + ": topics (at most " + MAX_TOPICS + "), loadedTopics and syncSenders "
                    + "must not be negative");
        }
        if (syncSenders > io.mqprobe.load.ProducerLoadSpec.MAX_STREAMS) {
            throw new UsageException("scenario " + name + ": at most " + io.mqprobe.load.ProducerLoadSpec.MAX_STREAMS
                    + " syncSenders, got " + syncSenders);
        }
        if (loadedTopics > Math.max(1, topics)) {
            throw new UsageException("scenario " + name + ": loadedTopics " + loadedTopics + " is more than its " + Math.max(1, topics) + " topics");
        }
        this.topics = Math.max(1, topics);
        this.loadedTopics = loadedTopics == 0 ? this.topics : loadedTopics;
        this.syncSenders = syncSenders;
        this.name = name;
        this.description = description == null ? "" : description;
        this.partitions = partitions;
        this.replicationFactor = replicationFactor;
        this.pinToOneBroker = pinToOneBroker;
        this.durability = durability == null ? Durability.LEADER : durability;
        this.minReplicas = Math.max(minReplicas, replicationFactor);
        this.producerProperties = producerProperties == null ? Map.of() : Map.copyOf(producerProperties);
    }

    public static final int MAX_TOPICS = 10_000;

    /** The same scenario with other many-topics numbers (the probe's flags that scale it up to the field study). */
    public ScenarioSpec withManyTopics(int newTopics, int newLoadedTopics, int newSyncSenders) {
        return new ScenarioSpec(name, description, partitions, replicationFactor, pinToOneBroker, durability, minReplicas,
                producerProperties, newTopics, newLoadedTopics, newSyncSenders);
    }

    /** The same scenario under another name with more producer settings on top (e.g. its SSL twin). */
    public ScenarioSpec variant(String newName, String descriptionSuffix, Map<String, String> moreProducerProperties) {
        Map<String, String> props = new java.util.LinkedHashMap<>(producerProperties);
        props.putAll(moreProducerProperties);
        return new ScenarioSpec(newName, description + descriptionSuffix, partitions, replicationFactor, pinToOneBroker,
                durability, minReplicas, props, topics, loadedTopics, syncSenders);
    }

    /** Replication factor on a cluster of {@code brokers}. */
    public int replicationOn(int brokers) {
        return TopicSpec.replicationOn(replicationFactor, brokers);
    }
}
