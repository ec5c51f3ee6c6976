package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.run.LoadSession;
import io.mqprobe.cli.run.Monitoring;
import io.mqprobe.cli.run.RunOptions;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.NanoClock;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ScenarioResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code mqprobe e2e}: produce and consume a fresh topic at once; end-to-end latency and a delivery check. */
@Command(name = "e2e", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Produce and consume a fresh topic at once: end-to-end latency and a delivery check.",
                "Proves that no acknowledged message was lost, duplicated or reordered (acks=all and idempotence",
                "by default). Paced at 1000 msgs/s unless --throughput says otherwise: e2e measures latency, not",
                "capacity, and unthrottled its p99 would be the time records queue in its own producer buffer",
                "(seconds), not the cluster's. Use produce or probe for capacity."})
public final class E2eCommand implements Callable<Integer> {

    /** Durable, exactly-once-per-partition sending, so any loss or duplicate found is the cluster's doing. */
    private static final Map<String, String> PRODUCER_DEFAULTS = Map.of("acks", "all", "enable.idempotence", "true");
    /** A latency reading, not a queue: low enough for any cluster (the embedded one on 2 cores), 30,000 samples in 30 s. */
    static final double DEFAULT_THROUGHPUT = 1000;

    @Spec
    CommandSpec spec;

    @Mixin
    TopicOptions topic;

    @Mixin
    ProducerOptions producer;

    @Mixin
    ConsumerOptions consumer;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        if (topic.topic() != null) {
            throw new UsageException("e2e always uses a fresh topic; use --partitions and --replication-factor to shape it");
        }
        producer.spec("validation-only", PRODUCER_DEFAULTS, true, DEFAULT_THROUGHPUT);
        consumer.spec("validation-only", 0, Duration.ofSeconds(1));
        run.monitor().interval();
        return LoadSession.run("e2e", spec, run, 1, topic.keepTopics(), session -> {
            ScenarioResult.TopicLayout layout = topic.resolve(session, "e2e");
            ProducerLoadSpec load = producer.spec(layout.name(), PRODUCER_DEFAULTS, true, DEFAULT_THROUGHPUT);
            // consumers outlive the producers by the drain time, so late messages are still counted
            ConsumerLoadSpec consumers = consumer.spec(layout.name(), 0, load.duration().plus(SingleRun.DRAIN_TIMEOUT));
            session.watchTopic(layout.name());
            Monitoring monitoring = session.startMonitoring(run.monitor(), List.of(consumers.groupId()), Double.NaN, Double.NaN);
            ScenarioResult scenario = session.document().addScenario(new ScenarioResult("e2e",
                    "produce and consume " + layout.name(), layout, SingleRun.producerSetup(load)));
            StepRunner runner = new StepRunner(session.cluster().driver(), session.document(), monitoring.window(),
                    session.control(), new LoadProgress(session.progress(), "e2e"), NanoClock.SYSTEM);
            StepRunner.Outcome outcome = runner.run(scenario, 0, load, producer.warmup(), consumers, SingleRun.DRAIN_TIMEOUT);
            SingleRun.summarize(session.document(), outcome, load);
            return session.exitCode(SingleRun.exitCode(outcome));
        });
    }
}
