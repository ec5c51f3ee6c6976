package io.mqprobe.workers;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.LatencyHistograms;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One worker's seconds as its snapshots told them, turned into its own resources over a step's window: the CPU its
 * process used against its cores, what its share got acknowledged, its send delay and its failed sends. Read by the
 * coordinator's step runner like the figures of mqprobe's own process.
 */
final class WorkerSeconds {

    private record Second(long epochMs, long cpuNanos, long acked, long failed, Histogram sendDelay, int cores) {
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
        double peakAcked = 0;
        Histogram sendDelay = LatencyHistograms.newHistogram();
        for (int i = 1; i < inside.size(); i++) {
            Second previous = inside.get(i - 1);
            Second now = inside.get(i);
            double s = Math.max(0.001, (now.epochMs() - previous.epochMs()) / 1000.0);
            peakCores = Math.max(peakCores, (now.cpuNanos() - previous.cpuNanos()) / 1e9 / s);
            peakAcked = Math.max(peakAcked, (now.acked() - previous.acked()) / s);
            sendDelay.add(now.sendDelay());
        }
        double p99 = sendDelay.getTotalCount() == 0 ? 0 : sendDelay.getValueAtPercentile(99);
        return List.of(
                new ResourceUsage(source, Metric.CPU_CORES, (last.cpuNanos() - first.cpuNanos()) / 1e9 / spanS, peakCores, last.cores()),
                new ResourceUsage(source, Metric.ACKED_PER_S, (last.acked() - first.acked()) / spanS, peakAcked, Double.NaN),
                new ResourceUsage(source, Metric.SEND_DELAY_P99_US, p99, sendDelay.getMaxValue(), Double.NaN),
                new ResourceUsage(source, Metric.FAILED_SENDS, last.failed() - first.failed(), last.failed() - first.failed(), Double.NaN));
    }
}
