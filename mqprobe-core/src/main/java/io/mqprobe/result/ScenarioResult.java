package io.mqprobe.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One scenario of a run ({@code produce}, {@code e2e} and {@code consume} have exactly one, named
 * after the command). Steps are appended while it runs; the verdict comes last.
 */
public final class ScenarioResult {

    /** Topic layout; {@code placement} says whether the broker chose replicas or mqprobe pinned them. */
    public record TopicLayout(String name, int partitions, int replicationFactor, String placement) {
    }

    /** Producer settings that define the scenario. */
    public record ProducerSetup(int recordSizeBytes, String acks, Map<String, String> properties) {
    }

    public final String name;
    public final String description;
    public String skipped;
    public final TopicLayout topic;
    public final ProducerSetup producer;
    public final List<StepResult> steps = new ArrayList<>();
    public Object verdict;

    public ScenarioResult(String name, String description, TopicLayout topic, ProducerSetup producer) {
        this.name = name;
        this.description = description;
        this.topic = topic;
        this.producer = producer;
    }
}
