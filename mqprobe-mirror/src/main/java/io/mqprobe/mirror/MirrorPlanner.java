package io.mqprobe.mirror;

import io.mqprobe.api.Durability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.ScenarioResult;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The mirror experiment's plan: per variation a fresh source topic, a wait until the mirror has created its copy
 * in the target, then one step of stamped load into the source while a consumer reads the copy in the target
 * (its end-to-end latency is the mirror latency, its delivery check counts loss and duplicates across the mirror).
 */
public final class MirrorPlanner implements Planner {

    /** Waits until the mirror created a topic in the target; false when it did not within the timeout. */
    @FunctionalInterface
    public interface TargetTopics {
        boolean awaitTopic(String name, Duration timeout);
    }

    /**
     * @param load            the load of every variation (its topic is replaced), with {@code trackAcks}
     * @param topicNames      the source topic of a variation index; must match the mirror's topic pattern
     * @param targetConsumer  consumer settings that reach the target cluster (bootstrap.servers, security)
     */
    public record Settings(List<MirrorVariant> variants, ProducerLoadSpec load, int partitions, int replicationFactor,
                           Duration warmup, Duration drainTimeout, Duration mirrorStartTimeout,
                           java.util.function.IntFunction<String> topicNames, Map<String, String> targetConsumer) {
        public Settings {
            variants = List.copyOf(variants);
            targetConsumer = Map.copyOf(targetConsumer);
        }
    }

    private final Settings settings;
    private final TargetTopics target;
    private int next;

    public MirrorPlanner(Settings settings, TargetTopics target) {
        this.settings = settings;
        this.target = target;
    }

    @Override
    public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
        while (next < settings.variants().size()) {
            int index = next++;
            MirrorVariant variant = settings.variants().get(index);
            String topic = settings.topicNames().apply(index);
            String scenario = "mirror-" + variant.name();
            int brokers = context.brokerIds().size();
            int rf = Math.min(TopicSpec.replicationOn(settings.replicationFactor(), brokers), brokers);
            int partitions = TopicSpec.partitionsOn(settings.partitions(), brokers);
            Map<String, String> producer = new LinkedHashMap<>(settings.load().producerProperties());
            producer.putAll(variant.producerProperties());
            ScenarioResult result = new ScenarioResult(scenario, "stamped load into the source, read from "
                    + EmbeddedMirrorMaker.mirroredName(topic) + " in the target; " + describe(variant),
                    new ScenarioResult.TopicLayout(topic, partitions, rf, "broker-chosen"),
                    new ScenarioResult.ProducerSetup(settings.load().recordSizeBytes(), Durability.LEADER, producer));
            context.startScenario(result);
            context.createTopic(TopicSpec.of(topic, partitions, rf));
            String mirrored = EmbeddedMirrorMaker.mirroredName(topic);
            // when the copy does not appear in time the step still runs: its verdict then says nothing arrived
            target.awaitTopic(mirrored, settings.mirrorStartTimeout());
            ProducerLoadSpec load = new ProducerLoadSpec(topic, settings.load().clients(), settings.load().threadsPerClient(),
                    settings.load().sync(), settings.load().recordSizeBytes(), settings.load().targetRecordsPerSecond(),
                    settings.load().maxRecords(), settings.load().duration(), settings.load().payload(), producer, true);
            ConsumerLoadSpec consumer = new ConsumerLoadSpec(List.of(mirrored), "mqprobe-mirror-" + index + "-" + Long.toHexString(System.nanoTime()),
                    1, 0, settings.load().duration().plus(settings.drainTimeout()), settings.targetConsumer());
            return Optional.of(StepPlan.of(scenario, 0, new StepLoad.ProduceAndConsume(load, consumer), settings.warmup(),
                    settings.drainTimeout()));
        }
        return Optional.empty();
    }

    private static String describe(MirrorVariant variant) {
        return variant.producerProperties().isEmpty() ? "producer defaults" : variant.producerProperties().toString();
    }
}
