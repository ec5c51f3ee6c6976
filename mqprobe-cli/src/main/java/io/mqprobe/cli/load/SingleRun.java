package io.mqprobe.cli.load;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.ExitCode;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.time.Duration;
import io.mqprobe.stats.DeliveryReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What {@code produce} and {@code e2e} share after their single step: the summary and the exit code. */
final class SingleRun {

    /** After sending ends: time for the last acknowledgements and for consumers to catch up. */
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    /** Client CPU above this share of its cores means the load generator, not the cluster, set the pace. */
    private static final double CLIENT_SATURATED_PCT = 90;

    /** A paced send this late (p99) means the offered load was not the one asked for. */
    private static final double LATE_SEND_US = 10_000;

    private SingleRun() {
    }

    static ScenarioResult.ProducerSetup producerSetup(ProducerLoadSpec spec) {
        String acks = spec.producerProperties().getOrDefault("acks", "all (client default)");
        return new ScenarioResult.ProducerSetup(spec.recordSizeBytes(), acks, spec.producerProperties());
    }

    static void summarize(ResultDocument document, StepRunner.Outcome outcome, ProducerLoadSpec spec) {
        StepResult step = outcome.step();
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
        }
        if (outcome.delivery() != null) {
            deliveryNotes(outcome.delivery(), notes);
        }
        if (!spec.paced() && !spec.sync()) {
            notes.add("unthrottled: latency includes the time records wait in the producer's own buffer;"
                    + " pass --throughput for the latency at a given load");
        }
        if (outcome.unfinishedSends() > 0) {
            notes.add(outcome.unfinishedSends() + " sends were still unacknowledged when the run ended");
        }
        boolean cpuBound = clientSaturated(step.resources());
        if (cpuBound) {
            notes.add("the load generator (mqprobe) was near its CPU limit: the cluster may take more than measured;"
                    + " run more clients on other machines");
        }
        boolean late = spec.paced() && step.sendDelayUs().p99() > LATE_SEND_US;
        if (late) {
            notes.add("mqprobe could not send on schedule (p99 send delay " + TimeSpan.formatMicros(step.sendDelayUs().p99())
                    + "): its CPU or the producer's full buffer (broker backpressure) held sends back, so the offered"
                    + " load was not what was asked");
        }
        boolean clientLimited = cpuBound || late;
        synchronized (document) {
            document.summary = new ResultDocument.Summary(headline, lines, clientLimited, notes);
        }
    }

    /** What the delivery check could not prove: a failed consumer, messages not reached, a clock offset. */
    private static void deliveryNotes(DeliveryReport delivery, List<String> notes) {
        if (delivery.consumerFailure() != null) {
            notes.add("a consumer failed (" + delivery.consumerFailure() + "): the delivery check is incomplete, nothing is"
                    + " counted as lost");
        }
        if (delivery.unread() > 0) {
            notes.add(delivery.unread() + " acknowledged messages were not reached by the consumers before they stopped"
                    + " (lag, not loss)");
        }
    }

    static boolean clientSaturated(List<ResourceUsage> resources) {
        return resources.stream().anyMatch(r -> "client".equals(r.source()) && Metric.CPU_CORES.equals(r.metric())
                && r.meanPct() >= CLIENT_SATURATED_PCT);
    }

    /** 1 when nothing got through, when a delivery check found lost or duplicated messages, or a consumer failed. */
    static int exitCode(StepRunner.Outcome outcome) {
        StepResult step = outcome.step();
        boolean nothingAcked = step.records() == 0 && !step.errors().isEmpty();
        boolean deliveryBroken = step.consumed() != null && (step.consumed().lost() > 0 || step.consumed().duplicates() > 0);
        deliveryBroken |= outcome.delivery() != null && outcome.delivery().consumerFailure() != null;
        return nothingAcked || deliveryBroken ? ExitCode.RUN_FAILED : ExitCode.OK;
    }
}
