package io.mqprobe.result;

import io.mqprobe.api.SecretRedaction;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mqprobe.api.Durability;
import io.mqprobe.search.ScenarioVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One scenario of a run ({@code produce}, {@code e2e} and {@code consume} have exactly one, named
 * after the command). Changed only through {@link ResultDocument}'s intent methods, under its lock:
 * steps are appended while it runs, the verdict (or the reason it was skipped) comes last.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
@JsonPropertyOrder({"name", "description", "skipped", "topic", "producer", "steps", "verdict"})
public final class ScenarioResult {

    /** Topic layout; {@code placement} says whether the broker chose replicas or mqprobe pinned them. */
    public record TopicLayout(String name, int partitions, int replicationFactor, String placement) {
    }

    /**
     * Producer settings that define the scenario.
     *
     * @param durability what the producer waits for; {@code null} when the user's native settings decide
     * @param properties the native settings the driver and the user gave the producers
     */
    /** @param properties the producers' native settings, secrets masked (a result is shared: no password goes in it) */
    public record ProducerSetup(int recordSizeBytes, Durability durability, Map<String, String> properties) {
        public ProducerSetup {
            properties = properties == null ? Map.of() : Map.copyOf(SecretRedaction.redact(properties));
        }

        /** As a result file holds it; files written before durability had a name hold Kafka's {@code acks}. */
        @JsonCreator
        static ProducerSetup read(@JsonProperty("recordSizeBytes") int recordSizeBytes,
                                  @JsonProperty("durability") Durability durability, @JsonProperty("acks") String acks,
                                  @JsonProperty("properties") Map<String, String> properties) {
            return new ProducerSetup(recordSizeBytes, durability != null || acks == null ? durability : Durability.parse(acks),
                    properties);
        }
    }

    private final String name;
    private final String description;
    private String skipped;
    private final TopicLayout topic;
    private final ProducerSetup producer;
    private final List<StepResult> steps = new ArrayList<>();
    private Verdict verdict;

    /** @param topic {@code null} when the scenario is skipped before it had one; producer likewise without producers */
    public ScenarioResult(String name, String description, TopicLayout topic, ProducerSetup producer) {
        this.name = name;
        this.description = description;
        this.topic = topic;
        this.producer = producer;
    }

    /** A scenario as a result file holds it; Jackson fills its fields. */
    @JsonCreator
    private ScenarioResult() {
        this(null, null, null, null);
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public TopicLayout topic() {
        return topic;
    }

    public ProducerSetup producer() {
        return producer;
    }

    void addStep(StepResult step) {
        steps.add(step);
    }

    void complete(Verdict judged) {
        this.verdict = judged;
    }

    void skip(String reason) {
        this.skipped = reason;
    }

    /** The verdict, null while the scenario runs, when it was skipped, or when a module here does not know its kind. */
    public Verdict verdict() {
        return verdict;
    }

    /** What a probe found in this scenario (ceiling, knee, sustainable load, bottleneck), or null when its verdict is another kind's or none. */
    public ScenarioVerdict probeFindings() {
        return verdict instanceof ProbeVerdict probe ? probe.findings() : null;
    }

    /** Why the scenario did not run, if it did not. */
    public Optional<String> skipped() {
        return Optional.ofNullable(skipped);
    }

    public List<StepResult> steps() {
        return List.copyOf(steps);
    }
}
