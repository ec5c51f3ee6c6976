package io.mqprobe.mirror;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.api.stats.LatencySummary;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** Judges one mirror variation from its step: arrival, mirror latency, loss and duplicates, the mirror's CPU. */
public final class MirrorJudge implements Judge {

    public static final String KIND = "mirror";
    /** Source of the mirror process in the resources (sampled from /proc). */
    public static final String MIRROR_SOURCE = "mirror-maker";
    private static final double MIB = 1024.0 * 1024.0;

    @Override
    public Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        if (steps.isEmpty()) {
            return new MirrorVerdict(0, 0, null, 0, 0, 0, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                    OptionalDouble.empty(), List.of("no step ran", MirrorVerdict.AT_LEAST_ONCE));
        }
        return of(steps.get(steps.size() - 1).result(), interrupted);
    }

    static MirrorVerdict of(StepResult step, boolean interrupted) {
        StepResult.Consumed consumed = step.consumed();
        long arrived = consumed == null ? 0 : consumed.records();
        double arrivalBps = consumed == null ? 0 : consumed.bytesPerSecond();
        OptionalDouble cpu = mean(step.resources(), MIRROR_SOURCE, Metric.CPU_CORES);
        OptionalDouble cpuPerMiB = cpu.isEmpty() || arrivalBps <= 0 ? OptionalDouble.empty()
                : OptionalDouble.of(cpu.getAsDouble() / (arrivalBps / MIB));
        List<String> notes = new ArrayList<>();
        notes.add(MirrorVerdict.AT_LEAST_ONCE);
        if (consumed != null && !consumed.lossCheckedAgainstAcks()) {
            notes.add("loss was counted from sequence gaps only (no acknowledged-sequence record)");
        }
        if (consumed != null && consumed.unread() > 0) {
            notes.add(consumed.unread() + " records in target partitions the consumer did not read to the end (not counted as lost)");
        }
        if (consumed != null && consumed.consumerFailure() != null) {
            notes.add("the target consumer failed: " + consumed.consumerFailure());
        }
        if (arrived == 0) {
            notes.add("nothing arrived in the target: is the mirror running and copying this topic?");
        }
        if (interrupted) {
            notes.add("interrupted: the drain may have ended before the mirror caught up");
        }
        LatencySummary latency = step.e2eLatencyUs();
        return new MirrorVerdict(step.bytesPerSecond(), arrivalBps, latency, arrived,
                consumed == null ? 0 : consumed.lost(), consumed == null ? 0 : consumed.duplicates(),
                cpu, cpuPerMiB, sum(step.resources(), Metric.REPLICATION_BYTES_IN_BPS), sum(step.resources(), Metric.LEADER_WRITE_BPS),
                notes);
    }

    private static OptionalDouble mean(List<ResourceUsage> resources, String source, String metric) {
        return resources.stream().filter(r -> r.source().equals(source) && r.metric().equals(metric))
                .mapToDouble(ResourceUsage::mean).average();
    }

    /** Summed over the sources (brokers) that reported it; empty when none did. */
    private static OptionalDouble sum(List<ResourceUsage> resources, String metric) {
        return resources.stream().filter(r -> r.metric().equals(metric) && Double.isFinite(r.mean()))
                .mapToDouble(ResourceUsage::mean).reduce(Double::sum);
    }
}
