package io.mqprobe.cli.load;

import io.mqprobe.api.ProducerProfile;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.SingleRunSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code mqprobe e2e}: produce and consume a fresh topic at once; end-to-end latency and a delivery check. */
@Command(name = "e2e", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Produce and consume a fresh topic at once: end-to-end latency and a delivery check.",
                "Proves that no acknowledged message was lost, duplicated or reordered (acks=all and idempotence",
                "by default). Paced at 1000 msgs/s unless --throughput says otherwise: e2e measures latency, not",
                "capacity, and unthrottled its p99 would be the time records queue in its own producer buffer",
                "(seconds), not the cluster's. Use produce or probe for capacity."})
public final class E2eCommand implements Callable<Integer> {

    /** A latency reading, not a queue: low enough for any cluster (the embedded one on 2 cores), 30,000 samples in 30 s. */
    static final double DEFAULT_THROUGHPUT = 1000;

    @Spec
    CommandSpec spec;

    @Mixin
    EndToEndOptions e2e;

    @Override
    public Integer call() {
        e2e.requireFreshTopic("e2e always uses a fresh topic; use --partitions and --replication-factor to shape it");
        EndToEndOptions.Load asked = e2e.conclude("e2e", DEFAULT_THROUGHPUT, StepPlan.DRAIN_TIMEOUT);
        RunOptions run = e2e.run();
        return run.session("e2e", spec, 1, e2e.topic().keepTopics(), session -> {
            ScenarioResult.TopicLayout layout = e2e.topic().resolve(session, "e2e");
            // the driver's delivery-check defaults (durable, written once per partition) under the user's settings
            ProducerLoadSpec load = asked.producer().withDefaults(
                    session.cluster().driver().producerDefaults(ProducerProfile.DELIVERY_CHECK));
            session.watchTopic(layout.name());
            Monitoring monitoring = session.startMonitoring(asked.consumers().groupIds());
            ScenarioResult scenario = new ScenarioResult("e2e", "produce and consume " + layout.name(), layout,
                    SingleRunSummary.producerSetup(load));
            StepPlan step = StepPlan.of("e2e", 0, new StepLoad.ProduceAndConsume(load, asked.consumers()), e2e.warmup(),
                    StepPlan.DRAIN_TIMEOUT);
            Optional<SingleRunSummary.Ran> ran = SingleRunSummary.run(session, monitoring, scenario, step,
                    new LoadProgress(session.progress(), "e2e"));
            if (ran.isEmpty()) {
                return session.exitCode(ExitCode.OK);
            }
            SingleRunSummary.summarize(session.document(), ran.get(), load);
            return session.exitCode(ran.get().exitCode());
        });
    }
}
