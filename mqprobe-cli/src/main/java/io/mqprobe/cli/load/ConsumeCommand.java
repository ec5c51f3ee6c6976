package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RocketMqBenchmarkFormat;
import io.mqprobe.run.SingleRunSummary;
import io.mqprobe.stats.DeliveryReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code mqprobe consume}: a better kafka-consumer-perf-test. */
@Command(name = "consume", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Consume a topic and measure it (a better kafka-consumer-perf-test).",
                "MB/s, msgs/s, end-to-end latency from the send time mqprobe stamped in each message, and lost /",
                "duplicated / out-of-order counts per producer."})
public final class ConsumeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--topic", required = true, paramLabel = "TOPIC", description = "Topic to consume (must exist).")
    String topic;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "0", description = "Stop after N messages (default: until --duration ends).")
    long messages;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Upper bound on the run (default: 30s, or 1h with --messages).")
    Duration duration;

    @Mixin
    ConsumerOptions consumer;

    @Mixin
    RunOptions run;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "human",
            description = "human | rocketmq-benchmark (the lines of RocketMQ's benchmark consumer on stdout) (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        boolean benchmarkLines = switch (format) {
            case "human" -> false;
            case "rocketmq-benchmark" -> true;
            default -> throw new UsageException("--format must be human or rocketmq-benchmark, got '" + format + "'");
        };
        Duration runFor = duration != null ? duration
                : messages > 0 ? Duration.ofHours(1) : Duration.ofSeconds(30);
        ConsumerLoadSpec load = consumer.conclude(topic, messages, runFor);
        return run.session("consume", spec, 1, false, session -> {
            session.topics().requireExisting(topic, session.cluster().target().bootstrap());
            session.watchTopic(topic);
            Monitoring monitoring = session.startMonitoring(load.groupIds());
            int partitions = session.cluster().driver().admin().describeTopic(topic).size();
            ScenarioResult scenario = new ScenarioResult("consume", "consume " + topic + " as group " + load.groupId(),
                    new ScenarioResult.TopicLayout(topic, partitions, 0, "existing"), null);
            StepPlan step = StepPlan.of("consume", 0, new StepLoad.Consume(load), Duration.ZERO, Duration.ZERO);
            Consumer<IntervalRow> onTick = new LoadProgress(session.progress(), "consume");
            if (benchmarkLines) {
                session.printSummaryTo(spec.commandLine().getErr()); // stdout carries only the tool's lines
                onTick = onTick.andThen(RocketMqBenchmarkFormat.consumer(spec.commandLine().getOut()));
            }
            Optional<SingleRunSummary.Ran> ran = SingleRunSummary.run(session, monitoring, scenario, step, onTick);
            if (ran.isEmpty()) {
                return session.exitCode(ExitCode.OK);
            }
            StepRunner.Outcome outcome = ran.get().step().outcome();
            if (!outcome.consumerFailures().isEmpty()) {
                throw new IllegalStateException("consumer failed: " + outcome.consumerFailures().get(0));
            }
            summarize(session.document(), outcome.window(), outcome.delivery(), outcome.unstampedRecords());
            // found losses or duplicates fail the run, like e2e (gaps count only where the consumers read past them);
            // an at-least-once system's duplicates are its documented behaviour
            DeliveryReport d = outcome.delivery();
            boolean duplicatesFail = !ran.get().atLeastOnce();
            return session.exitCode(d != null && (d.lost() > 0 || (duplicatesFail && d.duplicates() > 0))
                    ? ExitCode.RUN_FAILED : ExitCode.OK);
        });
    }

    private static void summarize(ResultDocument document, WindowTotals window, DeliveryReport delivery, long unstamped) {
        double mbPerSecond = window.consumedBytes() / window.consumedSeconds();
        String headline = String.format(Locale.ROOT, "%,.0f msgs/s, %s consumed", window.consumedRecords() / window.consumedSeconds(),
                ByteSize.formatRate(mbPerSecond));
        List<String> lines = new ArrayList<>();
        if (window.e2eLatencyUs() != null && window.e2eLatencyUs().count() > 0) {
            lines.add("end-to-end p50 " + TimeSpan.formatMicros(window.e2eLatencyUs().p50()) + ", p99 "
                    + TimeSpan.formatMicros(window.e2eLatencyUs().p99()) + " (from the send time stamped by mqprobe)");
        }
        lines.add(String.format(Locale.ROOT, "%d producer streams: %d lost (gaps), %d duplicated, %d out of order",
                delivery.streams(), delivery.lost(), delivery.duplicates(), delivery.outOfOrder()));
        List<String> notes = new ArrayList<>();
        if (unstamped > 0) {
            notes.add(unstamped + " messages were not written by mqprobe: counted, but without latency or sequence checks");
        }
        notes.add("loss is inferred from sequence gaps; a missing tail cannot be seen without the producer (use e2e)");
        document.setSummary(new ResultDocument.Summary(headline, lines, false, notes));
    }
}
