package io.mqprobe.probe;

import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.Driver;
import io.mqprobe.scenario.ScenarioSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A topic the probe's first warm-up loads beside its scenario's own, replicated and acknowledged as the most
 * replicated scenario after it asks: every broker then meets the produce, replication and follower-fetch paths
 * minutes before that scenario measures, rather than in its own warm-up.
 *
 * <p>Why: in the default probe brokers 2 and 3 carry nothing until replicated-all (single and broker-ceiling load
 * broker 1 alone), so they met the produce path and replication together in its warm-up, which ran 42-60 s in the
 * twelve probes of 2026-12-06 22:11-00:10. With this topic in the first warm-up (the nine probes of series 2026-12-07
 * 01:16, 02:18 and 02:45) single's took 41-60 s, replicated-all's 20-60 s and replicated-leader's 5-16 s: 114 s of
 * warm-ups a probe against 119. The brokers compiled a little less through replicated-all's ramp and paced steps (303
 * and 288 ms of CPU a second over the three, against 332 and 375), outside their quotas, and the first of those
 * series alone read no drop at all: under a 0.3-core quota a broker needs minutes of load to compile these paths, and
 * a minute earlier moves only part of it out of the measured steps (docs/method.md, "JVM warm-up").
 *
 * @param topic               the topic, created with the first scenario's and deleted with them
 * @param scenario            the later scenario whose replication it warms
 * @param producerProperties  that scenario's acknowledgement, for the whole first warm-up
 */
record ReplicatedWarmUp(TopicSpec topic, String scenario, Map<String, String> producerProperties) {

    /**
     * The replicated warm-up for the first scenario {@code first}, from the most replicated of the
     * scenarios after it (the first of them when several tie); empty when none replicates more on {@code brokers}.
     */
    static Optional<ReplicatedWarmUp> of(ScenarioSpec first, List<ScenarioSpec> later, int brokers, int partitionsAsked,
                                         Driver driver, Function<String, String> topicNames) {
        int firstReplicas = first.pinToOneBroker() ? 1 : first.replicationOn(brokers);
        ScenarioSpec most = null;
        for (ScenarioSpec s : later) {
            boolean runs = brokers >= s.minReplicas() && !s.pinToOneBroker();
            if (runs && s.replicationOn(brokers) > (most == null ? firstReplicas : most.replicationOn(brokers))) {
                most = s;
            }
        }
        if (most == null) {
            return Optional.empty();
        }
        int replicas = most.replicationOn(brokers);
        DurabilitySettings durable = driver.durability(most.durability(), replicas);
        String name = topicNames.apply(most.name() + "-warm-up");
        TopicSpec topic = TopicSpec.of(name, TopicSpec.partitionsOn(partitionsAsked, brokers), replicas)
                .withConfigs(durable.topicConfigs());
        return Optional.of(new ReplicatedWarmUp(topic, most.name(), durable.producerProperties()));
    }

    /** The first scenario's producer settings with this warm-up's acknowledgement over them. */
    Map<String, String> over(Map<String, String> firstScenarios) {
        Map<String, String> props = new LinkedHashMap<>(firstScenarios);
        props.putAll(producerProperties);
        return props;
    }

    /** For the progress line: "and a topic replicated as replicated-all's (RF 3)". */
    String describe() {
        return "and a topic replicated as " + scenario + "'s (RF " + topic.replicationFactor() + ")";
    }
}
