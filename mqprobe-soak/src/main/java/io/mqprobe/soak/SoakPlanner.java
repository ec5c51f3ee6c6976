package io.mqprobe.soak;

import io.mqprobe.api.Durability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.result.ScenarioResult;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One scenario, two steps on a fresh topic: a warm-up at the soak's rate until every JVM has compiled the code it runs
 * (a cold broker's backlog would otherwise sit in the soak's first minute) and the catch-up group reads its lag behind
 * (its first reads of old data, from disk where the cache no longer holds it, are the soak's steady state, not its
 * first minute's surprise), then the rate held with its on-time readers for the whole soak. The per-minute figures come
 * from that one long step's seconds and the monitors: one step, not many short ones, keeps the clients and their
 * connections as production keeps them.
 */
final class SoakPlanner implements Planner {

    static final String KIND = "soak";
    /** The scenario of the rate asked; its corrections are "soak-2" and on ({@link SoakRun.Request#scenario()}). */
    static final String SCENARIO = "soak";
    /** How long the catch-up group reads at its lag before the soak is measured. */
    static final Duration CATCH_UP_SETTLING = Duration.ofSeconds(15);

    private final String scenario;
    private final TopicSpec topic;
    private final ProducerLoadSpec producers;
    private final ConsumerLoadSpec consumers;
    private final Durability durability;
    private final long warmupMs;
    private final long drainMs;
    private final WarmupTarget warmUntil;
    private final Consumer<TopicSpec> topicReady;
    private final Runnable soakStarting;

    /**
     * @param warmUntil  how long the warm-up step runs ({@link #warmTarget}), or {@code null} for none
     * @param topicReady   called once the topic exists, before the load starts (a catch-up reader kept behind joins then)
     * @param soakStarting called as the soak's own step is handed out (a reader from the start counts its time from it)
     */
    SoakPlanner(String scenario, TopicSpec topic, ProducerLoadSpec producers, ConsumerLoadSpec consumers,
                Durability durability, long warmupMs, long drainMs, WarmupTarget warmUntil, Consumer<TopicSpec> topicReady,
                Runnable soakStarting) {
        this.scenario = scenario;
        this.topic = topic;
        this.producers = producers;
        this.consumers = consumers;
        this.durability = durability;
        this.warmupMs = warmupMs;
        this.drainMs = drainMs;
        this.warmUntil = warmUntil;
        this.topicReady = topicReady;
        this.soakStarting = soakStarting;
    }

    @Override
    public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
        if (!measured.isEmpty()) {
            if (measured.size() != soakStep()) {
                return Optional.empty();
            }
            soakStarting.run();
            return Optional.of(soakStep(measured.size()));
        }
        context.startScenario(new ScenarioResult(scenario, "a steady rate held on " + topic.name() + " with on-time readers",
                new ScenarioResult.TopicLayout(topic.name(), topic.partitions(), topic.replicationFactor(), "broker-chosen"),
                new ScenarioResult.ProducerSetup(producers.recordSizeBytes(), durability, producers.producerProperties())));
        context.createTopic(topic);
        topicReady.accept(topic);
        if (warmUntil == null) {
            soakStarting.run();
            return Optional.of(soakStep(0));
        }
        return Optional.of(warmStep());
    }

    /** The index of the soak's own step: after the warm-up, when there is one. */
    int soakStep() {
        return warmUntil == null ? 0 : 1;
    }

    private StepPlan soakStep(int index) {
        return new StepPlan(scenario, index, new StepLoad.ProduceAndConsume(producers, consumers), warmupMs, drainMs, List.of());
    }

    /**
     * The soak's load until the JVMs are warm, and the catch-up group has read for a while at its lag; at most the
     * warm-up's longest (longer by the lag). The on-time group reads on from its end.
     */
    private StepPlan warmStep() {
        WarmupTarget target = warmUntil;
        ConsumerLoadSpec reading = new ConsumerLoadSpec(consumers.topics(), consumers.groupId(), consumers.threads(), 0,
                target.longest().plusMillis(drainMs), consumers.consumerProperties(), consumers.groups());
        StepLoad load = new StepLoad.ProduceAndConsume(producers.withDuration(target.longest()), reading);
        return new StepPlan(scenario, 0, load, target.shortest().toMillis(), drainMs, List.of()).withWarmUntil(target);
    }

    /**
     * The warm-up a soak runs: until its JVMs are warm by {@code jvm} (none when {@code null}), and, with a catch-up
     * group, at least until that group has read at its lag for {@link #CATCH_UP_SETTLING}; {@code null} for none.
     */
    static WarmupTarget warmTarget(WarmupTarget jvm, Duration catchUp) {
        if (catchUp == null) {
            return jvm;
        }
        Duration settled = catchUp.plus(CATCH_UP_SETTLING);
        if (jvm == null) {
            return new WarmupTarget(WarmupTarget.DEFAULT.compileMsPerSecond(), settled, settled);
        }
        return new WarmupTarget(jvm.compileMsPerSecond(), settled.compareTo(jvm.shortest()) > 0 ? settled : jvm.shortest(),
                jvm.longest().plus(catchUp));
    }
}
