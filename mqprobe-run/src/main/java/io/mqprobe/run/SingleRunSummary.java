package io.mqprobe.run;

import io.mqprobe.api.Capability;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.SingleRun;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.SingleRunVerdict;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What {@code produce}, {@code e2e} and {@code consume} share: running their one step on the engine,
 * then the summary lines and the exit code from the single-run verdict.
 */
public final class SingleRunSummary {

    private SingleRunSummary() {
    }

    /** The measured step and how it was judged. */
    public record Ran(MeasuredStep step, SingleRunVerdict verdict, boolean atLeastOnce) {

        /** 1 when the verdict found a problem (nothing got through, lost or duplicated messages, a failed consumer). */
        public int exitCode() {
            return verdict.passed() ? ExitCode.OK : ExitCode.RUN_FAILED;
        }
    }

    /** Runs {@code step} as the one step of {@code scenario}; empty when the run was cancelled before it ran. */
    public static Optional<Ran> run(RunSession session, Monitoring monitoring, ScenarioResult scenario, StepPlan step,
                             Consumer<IntervalRow> onTick) {
        ExperimentResult result = session.runExperiment(SingleRun.of(scenario, step, atLeastOnce(session)), monitoring, onTick,
                ExperimentListener.NONE);
        return result.lastStep().map(m -> new Ran(m, (SingleRunVerdict) result.verdicts().get(scenario.name()), atLeastOnce(session)));
    }

    /** The system delivers at least once (RocketMQ): duplicates are its documented behaviour. */
    public static boolean atLeastOnce(RunSession session) {
        return session.cluster().driver().unsupported().contains(Capability.DUPLICATE_FREE_SENDS);
    }

    public static ScenarioResult.ProducerSetup producerSetup(ProducerLoadSpec spec) {
        return new ScenarioResult.ProducerSetup(spec.recordSizeBytes(), null, spec.producerProperties());
    }

    public static void summarize(ResultDocument document, Ran ran, ProducerLoadSpec spec) {
        MeasuredStep measured = ran.step();
        StepResult step = measured.result();
        List<String> lines = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String headline = String.format(Locale.ROOT, "%,.0f msgs/s, %s, p99 %s", step.recordsPerSecond(),
                ByteSize.formatRate(step.bytesPerSecond()), TimeSpan.formatMicros(step.latencyUs().p99()));
        lines.add(String.format(Locale.ROOT, "%d client%s × %d thread%s%s, %s records, %s", spec.clients(),
                spec.clients() == 1 ? "" : "s", spec.threadsPerClient(), spec.threadsPerClient() == 1 ? "" : "s",
                spec.sync() ? " (sync)" : "", ByteSize.format(spec.recordSizeBytes()),
                spec.paced() ? String.format(Locale.ROOT, "offered %,.0f msgs/s", spec.targetRecordsPerSecond()) : "unthrottled"));
        if (step.consumed() != null) {
            StepResult.Consumed c = step.consumed();
            lines.add(String.format(Locale.ROOT, "consumed %,d: lost %d, duplicated %d, out of order %d%s", c.records(),
                    c.lost(), c.duplicates(), c.outOfOrder(), c.lossCheckedAgainstAcks() ? " (checked against acknowledgements)" : ""));
            if (c.consumerFailure() != null) {
                notes.add("a consumer failed (" + c.consumerFailure() + "): what it did not read is not counted as lost");
            }
            if (c.unread() > 0) {
                notes.add(String.format(Locale.ROOT, "%,d messages not seen in partitions the consumers did not read to the end"
                        + " (they stopped or lagged): not evidence of loss", c.unread()));
            }
            if (c.clockAheadMessages() > 0) {
                notes.add(String.format(Locale.ROOT, "%,d messages arrived before their stamped send time (producer clock up to %s"
                        + " ahead): their end-to-end latency is left out, not counted as 0", c.clockAheadMessages(),
                        TimeSpan.formatMicros(c.maxClockAheadUs())));
            }
        }
        if (step.consumed() != null && ran.atLeastOnce()) {
            notes.add("this system delivers at least once: a send retried after a timeout, or a queue handed to another "
                    + "consumer, can deliver a message twice, so " + step.consumed().duplicates() + " duplicates do not fail the"
                    + " run; lost messages would");
        }
        if (!spec.paced() && !spec.sync()) {
            notes.add("unthrottled: latency includes the time records wait in the producer's own buffer;"
                    + " pass --throughput for the latency at a given load");
        }
        if (measured.outcome().unfinishedSends() > 0) {
            notes.add(measured.outcome().unfinishedSends() + " sends were still unacknowledged when the run ended");
        }
        if (SingleRun.clientSaturated(step)) {
            notes.add("the load generator (mqprobe) was near its CPU limit: the cluster may take more than measured;"
                    + " run more clients on other machines");
        }
        if (SingleRun.lateSends(measured)) {
            notes.add("mqprobe could not send on schedule (" + SingleRun.sendDelay(step)
                    + "): its CPU or the producer's full buffer (broker backpressure) held sends back, so the offered"
                    + " load was not what was asked");
        }
        document.setSummary(new ResultDocument.Summary(headline, lines, ran.verdict().clientLimited(), notes));
    }
}
