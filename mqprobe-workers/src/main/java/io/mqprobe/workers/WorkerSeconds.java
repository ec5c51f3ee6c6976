package io.mqprobe.workers;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.LatencyHistograms;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One worker's seconds as its snapshots told them, turned into its own resources over a step's window: the CPU its
 * process used against its cores, and what its share did: a producers' share what it got acknowledged, its send
 * delay and its failed sends; a consumers' share what it read. Read by the coordinator's step runner like the
 * figures of mqprobe's own process.
 */
final class WorkerSeconds {

    /** {@code done}: records acknowledged or read so far; {@code sendDelay} is {@code null} for consumers. */
    private record Second(long epochMs, long cpuNanos, long done, long failed, Histogram sendDelay, int cores) {
    }

    private final String source;
    private final List<Second> seconds = new ArrayList<>();

    /** @param source what the figures are named by ({@code client:local-1}) */
    WorkerSeconds(String source) {
        this.source = source;
    }

    synchronized void add(WorkerProtocol.Snapshot snapshot, Histogram sendDelay) {
        seconds.add(new Second(snapshot.epochMs(), snapshot.cpuNanos(), snapshot.acked(), snapshot.failed(), sendDelay.copy(),
                snapshot.cores()));
    }

    synchronized void add(WorkerProtocol.ConsumerSnapshot snapshot) {
        seconds.add(new Second(snapshot.epochMs(), snapshot.cpuNanos(), snapshot.records(), 0, null, snapshot.cores()));
    }

    /** Means (and the busiest second as peak) between the first and last snapshot inside the window; empty with fewer than two. */
    synchronized List<ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
        List<Second> inside = seconds.stream().filter(s -> s.epochMs() >= fromEpochMs && s.epochMs() <= toEpochMs).toList();
        if (inside.size() < 2) {
            return List.of();
        }
        Second first = inside.get(0);
        Second last = inside.get(inside.size() - 1);
        double spanS = (last.epochMs() - first.epochMs()) / 1000.0;
        double peakCores = 0;
        double peakDone = 0;
        Histogram sendDelay = LatencyHistograms.newHistogram();
        for (int i = 1; i < inside.size(); i++) {
            Second previous = inside.get(i - 1);
            Second now = inside.get(i);
            double s = Math.max(0.001, (now.epochMs() - previous.epochMs()) / 1000.0);
            peakCores = Math.max(peakCores, (now.cpuNanos() - previous.cpuNanos()) / 1e9 / s);
            peakDone = Math.max(peakDone, (now.done() - previous.done()) / s);
            if (now.sendDelay() != null) {
                sendDelay.add(now.sendDelay());
            }
        }
        ResourceUsage cpu = new ResourceUsage(source, Metric.CPU_CORES, (last.cpuNanos() - first.cpuNanos()) / 1e9 / spanS,
                peakCores, last.cores());
        double donePerS = (last.done() - first.done()) / spanS;
        if (last.sendDelay() == null) {
            return List.of(cpu, ResourceUsage.withoutCapacity(source, Metric.CONSUMED_PER_S, donePerS, peakDone));
        }
        double p99 = sendDelay.getTotalCount() == 0 ? 0 : sendDelay.getValueAtPercentile(99);
        return List.of(cpu,
                ResourceUsage.withoutCapacity(source, Metric.ACKED_PER_S, donePerS, peakDone),
                ResourceUsage.withoutCapacity(source, Metric.SEND_DELAY_P99_US, p99, sendDelay.getMaxValue()),
                ResourceUsage.withoutCapacity(source, Metric.FAILED_SENDS, last.failed() - first.failed(), last.failed() - first.failed()));
    }
}
