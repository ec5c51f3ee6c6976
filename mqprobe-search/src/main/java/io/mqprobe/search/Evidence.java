package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Writes the figures behind a bottleneck verdict in human units, one line per resource, so a reader can
 * check the verdict against the numbers: every CPU, the busiest disk and NIC, thread idle, replication, latency.
 */
final class Evidence {

    private Evidence() {
    }

    /** The deciding lines first, then one line per resource measured at {@code at}, without repeats. */
    static List<String> lines(List<String> deciding, StepMeasurement at, Thresholds t) {
        LinkedHashSet<String> lines = new LinkedHashSet<>(deciding);
        at.usages(Metric.CPU_CORES).stream()
                .sorted(Comparator.comparing(Evidence::cpuOrder).thenComparing(ResourceUsage::source))
                .forEach(cpu -> lines.add(cpu(cpu) + throttled(at, cpu.source()) + steal(at, cpu.source())));
        busiest(at, Metric.DISK_WRITE_BPS).ifPresent(disk -> lines.add(ceilingShare("disk", disk)));
        busiest(at, Metric.CPU_IOWAIT_PCT).ifPresent(iowait -> lines.add(iowait(iowait)));
        busiestOf(at, Metric.NET_RX_BPS, Metric.NET_TX_BPS).ifPresent(nic -> lines.add(ceilingShare("NIC", nic)));
        leastIdle(at, Metric.REQUEST_HANDLER_IDLE_PCT).ifPresent(idle -> lines.add(threadsIdle("request handlers", idle)));
        busiest(at, Metric.REQUEST_HANDLER_CPU_PCT).ifPresent(onCpu -> lines.add(handlersOnCpu(onCpu)));
        leastIdle(at, Metric.NETWORK_PROCESSOR_IDLE_PCT).ifPresent(idle -> lines.add(threadsIdle("network processors", idle)));
        busiest(at, Metric.UNDER_REPLICATED).filter(u -> u.mean() > 0).ifPresent(u -> lines.add(underReplicated(u)));
        busiest(at, Metric.ISR_SHRINKS_PER_S).filter(u -> u.mean() > 0).ifPresent(u -> lines.add(isrShrinks(u)));
        busiest(at, Metric.SEND_DELAY_P99_US).ifPresent(d -> lines.add("send delay p99 " + HumanUnits.latencyUs(d.mean())));
        lines.add(load(at, t));
        return List.copyOf(lines);
    }

    /** "step 3", "steps 1-5", or "steps 1, 3, 4" when their indices are not consecutive. */
    static String steps(List<StepMeasurement> steps) {
        List<Integer> indices = steps.stream().map(StepMeasurement::index).toList();
        if (indices.size() == 1) {
            return "step " + indices.get(0);
        }
        boolean consecutive = java.util.stream.IntStream.range(1, indices.size())
                .allMatch(i -> indices.get(i) == indices.get(i - 1) + 1);
        return consecutive ? "steps " + indices.get(0) + "-" + indices.get(indices.size() - 1)
                : "steps " + String.join(", ", indices.stream().map(String::valueOf).toList());
    }

    static String cpu(ResourceUsage cpu) {
        String pct = cpu.hasCapacity() ? " (" + HumanUnits.pct(cpu.meanPct().getAsDouble()) + ")" : "";
        return cpu.source() + " CPU " + HumanUnits.cores(cpu) + pct;
    }

    /**
     * ", throttled in 63 % of its quota's periods" for a process under a CPU quota, ending in ": its container's CPU
     * limit" when the limit was read from the process itself (a broker mqprobe did not start); "" otherwise.
     */
    static String throttled(StepMeasurement at, String source) {
        String whose = at.usage(source, Metric.CPU_LIMIT_CORES).isPresent() ? ": its container's CPU limit" : "";
        return at.usage(source, Metric.CPU_THROTTLED_SHARE)
                .map(share -> ", throttled in " + HumanUnits.pct(100 * share.mean()) + " of its quota's periods" + whose).orElse("");
    }

    /**
     * ", steal 25 %, waiting for a CPU 40 % of the time" for a machine whose hypervisor ran other guests on its cores or
     * whose tasks queued for one (node_exporter's steal and pressure); "" when neither is read or both are below 1 %.
     */
    static String steal(StepMeasurement at, String source) {
        String steal = at.usage(source, Metric.CPU_STEAL_PCT).filter(u -> u.mean() >= 1)
                .map(u -> ", steal " + HumanUnits.pct(u.mean()) + " (the hypervisor ran other guests)").orElse("");
        String pressure = at.usage(source, Metric.CPU_PRESSURE_PCT).filter(u -> u.mean() >= 1)
                .map(u -> ", tasks waiting for a CPU " + HumanUnits.pct(u.mean()) + " of the time").orElse("");
        return steal + pressure;
    }

    /** "disk 38 % of ceiling (681.6 MB/s of 1.7 GB/s) on broker-1", or the rate alone when no ceiling is known. */
    static String ceilingShare(String what, ResourceUsage usage) {
        if (!usage.hasCapacity()) {
            return what + " " + HumanUnits.rate(usage.mean()) + " on " + usage.source() + " (no ceiling known)";
        }
        return what + " " + HumanUnits.pct(usage.meanPct().getAsDouble()) + " of ceiling (" + HumanUnits.rate(usage.mean())
                + " of " + HumanUnits.rate(usage.capacity().getAsDouble()) + ") on " + usage.source();
    }

    static String iowait(ResourceUsage iowait) {
        return "iowait " + HumanUnits.pct(iowait.mean()) + " (" + iowait.source() + ")";
    }

    static String threadsIdle(String threads, ResourceUsage idle) {
        return idle.source() + " " + threads + " " + HumanUnits.pct(idle.mean()) + " idle";
    }

    /** A combined node's handlers, read from their threads' CPU time (a handler waiting on the disk is not on CPU). */
    static String handlersOnCpu(ResourceUsage onCpu) {
        return onCpu.source() + " request handlers on CPU " + HumanUnits.pct(onCpu.mean()) + " of their time";
    }

    static String underReplicated(ResourceUsage urp) {
        return "under-replicated partitions " + HumanUnits.number(urp.mean()) + " (" + urp.source() + ")";
    }

    static String isrShrinks(ResourceUsage shrinks) {
        return "ISR shrinks " + HumanUnits.number(shrinks.mean()) + "/s (" + shrinks.source() + ")";
    }

    /** "p99 3.2 ms (SLO 200 ms), errors 0 %, 48,000 msgs/s (49.2 MB/s) at step 3". */
    static String load(StepMeasurement at, Thresholds t) {
        String slo = t.judgesLatency() ? "SLO " + HumanUnits.latencyUs(t.sloP99Us()) : "unthrottled, not judged";
        return "p99 " + HumanUnits.latencyUs(at.p99Us()) + " (" + slo + "), errors "
                + HumanUnits.pct(100 * at.errorRatio()) + ", " + HumanUnits.msgsPerSecond(at.recordsPerSecond())
                + " (" + HumanUnits.rate(at.bytesPerSecond()) + ") at step " + at.index();
    }

    /** The usage with the highest share of its ceiling, or the highest mean when no ceiling is known. */
    static Optional<ResourceUsage> busiest(StepMeasurement at, String metric) {
        return busiestOf(at, metric);
    }

    static Optional<ResourceUsage> busiestOf(StepMeasurement at, String... metrics) {
        List<ResourceUsage> all = new ArrayList<>();
        for (String metric : metrics) {
            all.addAll(at.usages(metric));
        }
        return all.stream().max(Comparator.comparingDouble((ResourceUsage u) -> u.hasCapacity() ? 1 : 0)
                .thenComparingDouble(u -> u.meanPct().orElse(u.mean())));
    }

    static Optional<ResourceUsage> leastIdle(StepMeasurement at, String metric) {
        return at.usages(metric).stream().min(Comparator.comparingDouble(ResourceUsage::mean));
    }

    private static int cpuOrder(ResourceUsage cpu) {
        return Sources.isLoadGenerator(cpu.source()) ? 0 : Sources.isMachine(cpu.source()) ? 2 : 1;
    }
}
