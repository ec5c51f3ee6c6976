package io.mqprobe.cli.load;

import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.PerfTestFormat;
import io.mqprobe.run.RocketMqBenchmarkFormat;
import io.mqprobe.run.SingleRunSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code mqprobe produce}: a better kafka-producer-perf-test. */
@Command(name = "produce", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Send load to a topic and measure throughput and latency (a better kafka-producer-perf-test).",
                "Open-loop pacing, coordinated-omission-corrected latency, many clients, resource monitoring."})
public final class ProduceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TopicOptions topic;

    @Mixin
    ProducerOptions producer;

    @Mixin
    RunOptions run;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "human",
            description = "human | perf-test (kafka-producer-perf-test's lines on stdout) | rocketmq-benchmark (the lines of "
                    + "RocketMQ's benchmark producer) (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        // bad input fails here, within milliseconds, before any cluster starts
        ProducerLoadSpec userLoad = producer.conclude(topic.name("produce"), false);
        boolean perfTestLines = switch (format) {
            case "human" -> false;
            case "perf-test", "rocketmq-benchmark" -> true;
            default -> throw new UsageException("--format must be human, perf-test or rocketmq-benchmark, got '" + format + "'");
        };
        return run.session("produce", spec, 1, topic.keepTopics(), session -> {
            ScenarioResult.TopicLayout layout = topic.resolve(session, "produce");
            ProducerLoadSpec load = userLoad.withDefaults(session.cluster().driver().producerDefaults(ProducerProfile.PLAIN));
            session.watchTopic(layout.name());
            Monitoring monitoring = session.startMonitoring(List.of());
            ScenarioResult scenario = new ScenarioResult("produce", "produce to " + layout.name(), layout,
                    SingleRunSummary.producerSetup(load));
            if (perfTestLines) {
                session.printSummaryTo(spec.commandLine().getErr()); // stdout carries only the tool's lines
            }
            PerfTestFormat perfTest = format.equals("perf-test")
                    ? new PerfTestFormat(spec.commandLine().getOut(), load.recordSizeBytes()) : null;
            RocketMqBenchmarkFormat benchmark = format.equals("rocketmq-benchmark")
                    ? RocketMqBenchmarkFormat.producer(spec.commandLine().getOut()) : null;
            Consumer<IntervalRow> onTick = new LoadProgress(session.progress(), "produce");
            if (perfTest != null) {
                onTick = onTick.andThen(perfTest);
            }
            if (benchmark != null) {
                onTick = onTick.andThen(benchmark);
            }
            StepPlan step = StepPlan.of("produce", 0, new StepLoad.Produce(load), producer.warmup(),
                    StepPlan.DRAIN_TIMEOUT);
            Optional<SingleRunSummary.Ran> ran = SingleRunSummary.run(session, monitoring, scenario, step, onTick);
            if (ran.isEmpty()) {
                return session.exitCode(ExitCode.OK);
            }
            if (perfTest != null) {
                perfTest.printTotals(ran.get().step().outcome().window());
            }
            if (benchmark != null) {
                benchmark.printTotals(ran.get().step().outcome().window());
            }
            SingleRunSummary.summarize(session.document(), ran.get(), load);
            return session.exitCode(ran.get().exitCode());
        });
    }
}
