package io.mqprobe.experiment;

import io.mqprobe.api.TopicSpec;

import java.util.Collection;
import java.util.List;

/** Creates and deletes the experiment's topics; the command supplies it (so only mqprobe's topics are deleted). */
public interface Topics {

    void create(TopicSpec spec);

    void delete(String name);

    /**
     * Of the named topics, those that outgrew their share of the run's disk budget on brokers that delete old data too
     * rarely to keep them within their caps (plain Kafka checks every 5 minutes): a step whose topics hold nothing a later
     * step reads creates them anew before it, rather than the run stopping at the budget. Empty by default.
     */
    default List<String> outgrown(Collection<String> names) {
        return List.of();
    }
}
