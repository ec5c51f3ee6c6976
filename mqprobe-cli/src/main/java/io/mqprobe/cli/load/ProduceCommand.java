package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.run.LoadSession;
import io.mqprobe.cli.run.Monitoring;
import io.mqprobe.cli.run.RunOptions;
import io.mqprobe.load.NanoClock;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ScenarioResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Map;
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
            description = "human | perf-test (kafka-producer-perf-test's lines on stdout) (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        // bad input fails here, within milliseconds, before any cluster starts
        producer.spec("validation-only", Map.of(), false);
        run.monitor().interval();
        boolean perfTestLines = switch (format) {
            case "human" -> false;
            case "perf-test" -> true;
            default -> throw new UsageException("--format must be human or perf-test, got '" + format + "'");
        };
        return LoadSession.run("produce", spec, run, 1, topic.keepTopics(), session -> {
            ScenarioResult.TopicLayout layout = topic.resolve(session, "produce");
            ProducerLoadSpec load = producer.spec(layout.name(), Map.of(), false);
            session.watchTopic(layout.name());
            Monitoring monitoring = session.startMonitoring(run.monitor(), List.of(), Double.NaN, Double.NaN);
            ScenarioResult scenario = session.document().addScenario(new ScenarioResult("produce",
                    "produce to " + layout.name(), layout, SingleRun.producerSetup(load)));
            if (perfTestLines) {
                session.printSummaryTo(spec.commandLine().getErr()); // stdout carries only perf-test's lines
            }
            PerfTestFormat perfTest = perfTestLines
                    ? new PerfTestFormat(spec.commandLine().getOut(), load.recordSizeBytes()) : null;
            Consumer<io.mqprobe.load.IntervalRow> onTick = new LoadProgress(session.progress(), "produce");
            if (perfTest != null) {
                onTick = onTick.andThen(perfTest);
            }
            StepRunner runner = new StepRunner(session.cluster().driver(), session.document(), monitoring.window(),
                    session.control(), onTick, NanoClock.SYSTEM);
            StepRunner.Outcome outcome = runner.run(scenario, 0, load, producer.warmup(), null, SingleRun.DRAIN_TIMEOUT);
            if (perfTest != null) {
                perfTest.printTotals(outcome.window());
            }
            SingleRun.summarize(session.document(), outcome, load);
            return session.exitCode(SingleRun.exitCode(outcome));
        });
    }
}
