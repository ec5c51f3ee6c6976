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
 * A topic the probe's first warm-up loads beside its scenario's own, replicated and acknowledged as the most replicated
 * scenario after it asks: every broker then meets the produce, replication and follower-fetch paths minutes before that
 * scenario measures, rather than in its own warm-up.
 *
 * <p>Why: in the default probe, brokers 2 and 3 carry nothing until replicated-all (single and broker-ceiling load
 * broker 1 alone), and under their 0.3-core quotas they compiled 100-300 ms of CPU a second each, outside the quotas,
 * through replicated-all's warm-up, ramp and paced steps alike (the twelve probes of 2026-12-06 22:11-00:10: 332 ms/s
 * over the three brokers in its ramp, 375 in its paced steps, against 98-113 in broker-ceiling's). Beside the quotas
 * that put the host at 89 % of its cores in that ramp, and the host was the verdict of replicated-all in 7 of those 12
 * runs. A broker's compiler needs about half a minute of CPU for these paths here, and its quota'd threads the load
 * that makes them hot: the sooner they meet it, the less of it falls into measured steps.
 *
 * @param topic               the topic, created with the first scenario's and deleted with them
 * @param scenario            the later scenario whose replication it warms
 * @param producerProperties  that scenario's acknowledgement, for the whole first warm-up
 */
record ReplicatedWarmUp(TopicSpec topic, String scenario, Map<String, String> producerProperties) {

    /**
     * The replicated warm-up for a first scenario of {@code firstReplicas} replicas, from the most replicated of the
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
        TopicSpec topic = TopicSpec.of(topicNames.apply(most.name() + "-warm-up"), TopicSpec.partitionsOn(partitionsAsked, brokers), replicas)
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
