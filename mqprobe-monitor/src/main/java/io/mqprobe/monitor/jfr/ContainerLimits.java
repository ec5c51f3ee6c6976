package io.mqprobe.monitor.jfr;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.units.HumanUnits;
import jdk.jfr.consumer.RecordedEvent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a broker's JVM knows of its container or cgroup, from its own flight recorder: the CPU quota and period, the
 * effective CPU count and the memory limit ({@code jdk.ContainerConfiguration}), and how often the kernel throttled it
 * ({@code jdk.ContainerCPUThrottling}, the cgroup's running totals). The JVM reads these files itself, so this works
 * over JMX alone, for a broker in a Kubernetes pod as for one started by hand in a cgroup. {@code availableProcessors}
 * only says the limit rounded up to whole processors: a 0.4-core limit reads as 1. The group's CPU usage
 * ({@code jdk.ContainerCPUUsage}) is not read: where {@code cpuacct} is a hierarchy of its own and the broker sits in
 * its root (a cgroup v1 host with only the {@code cpu} group made for the broker), it is the whole machine's.
 */
public final class ContainerLimits implements RecordingPart {

    static final String CONFIGURATION = "jdk.ContainerConfiguration";
    static final String THROTTLING = "jdk.ContainerCPUThrottling";

    /**
     * @param containerType    "cgroupv1", "cgroupv2"
     * @param cpuLimitCores    quota ÷ period, empty when no quota is set
     * @param memoryLimitBytes the memory limit, or -1 when none is set
     */
    record Configuration(String containerType, OptionalDouble cpuLimitCores, long memoryLimitBytes, long effectiveCpuCount) {
    }

    /** The cgroup's running totals: periods with work, periods in which the quota ran out. */
    record Throttling(long elapsedSlices, long throttledSlices) {
    }

    /** A figure at the instant the broker read it, for a source named when it is handed on. */
    private record Reading(long epochMs, String metric, double value, double capacity) {
    }

    private final List<Reading> pending = new ArrayList<>();
    private volatile Configuration configuration;
    private Throttling lastThrottling;
    private boolean described;

    @Override
    public Map<String, String> settings() {
        // a limit changed on a running broker's own cgroup is seen within the configuration's period
        return Map.of(CONFIGURATION + "#enabled", "true", CONFIGURATION + "#period", "5 s",
                THROTTLING + "#enabled", "true", THROTTLING + "#period", "1 s");
    }

    @Override
    public void onEvent(RecordedEvent e) {
        long epochMs = e.getEndTime().toEpochMilli();
        switch (e.getEventType().getName()) {
            case CONFIGURATION -> onConfiguration(e.getString("containerType"), e.getDuration("cpuQuota"),
                    e.getDuration("cpuSlicePeriod"), e.getLong("memoryLimit"), e.getLong("effectiveCpuCount"));
            case THROTTLING -> onThrottling(epochMs, new Throttling(e.getLong("cpuElapsedSlices"), e.getLong("cpuThrottledSlices")));
            default -> {
            }
        }
    }

    /** A quota of zero or less (-1 in the JVM's words) is no limit. */
    void onConfiguration(String containerType, Duration quota, Duration period, long memoryLimitBytes, long effectiveCpuCount) {
        OptionalDouble cores = quota.isNegative() || quota.isZero() || period.isNegative() || period.isZero()
                ? OptionalDouble.empty() : OptionalDouble.of((double) quota.toNanos() / period.toNanos());
        configuration = new Configuration(containerType, cores, memoryLimitBytes > 0 ? memoryLimitBytes : -1, effectiveCpuCount);
    }

    /** The share of periods throttled since the last totals; totals that went down belong to a new cgroup (a restart). */
    synchronized void onThrottling(long epochMs, Throttling totals) {
        Throttling before = lastThrottling;
        lastThrottling = totals;
        if (before == null || cpuLimitCores().isEmpty()) {
            return;
        }
        long periods = totals.elapsedSlices() - before.elapsedSlices();
        long throttled = totals.throttledSlices() - before.throttledSlices();
        if (periods > 0 && throttled >= 0 && throttled <= periods) {
            pending.add(new Reading(epochMs, Metric.CPU_THROTTLED_SHARE, (double) throttled / periods, 1));
        }
    }

    /** The CPU limit in cores; empty while the broker has not said, or when it has no quota. */
    public OptionalDouble cpuLimitCores() {
        Configuration c = configuration;
        return c == null ? OptionalDouble.empty() : c.cpuLimitCores();
    }

    /**
     * Adds, for {@code source}, the limits as of now and every reading the broker made since the last call, each at the
     * instant it was made (a read arrives a few seconds late).
     */
    public void addSamples(long epochMs, String source, List<ResourceSample> out) {
        Configuration c = configuration;
        if (c != null) {
            c.cpuLimitCores().ifPresent(cores -> out.add(ResourceSample.of(epochMs, source, Metric.CPU_LIMIT_CORES, cores)));
        }
        if (c != null && c.memoryLimitBytes() > 0) {
            out.add(ResourceSample.of(epochMs, source, Metric.MEMORY_LIMIT_BYTES, c.memoryLimitBytes()));
        }
        synchronized (this) {
            pending.forEach(r -> out.add(new ResourceSample(r.epochMs(), source, r.metric(), r.value(), r.capacity())));
            pending.clear();
        }
    }

    /**
     * "broker-2 reports a CPU limit of 0.4 cores (cgroupv1, ...), which its JVM counts as 1 processor", once, as soon as
     * the broker has said it has a limit.
     */
    public Optional<String> takeDescription(String source) {
        Configuration c = configuration;
        if (described || c == null) {
            return Optional.empty();
        }
        described = true;
        if (c.cpuLimitCores().isEmpty()) {
            return Optional.empty();
        }
        String memory = c.memoryLimitBytes() > 0 ? " and " + HumanUnits.storage(c.memoryLimitBytes()) + " of memory" : "";
        return Optional.of(source + " reports a CPU limit of " + HumanUnits.number(c.cpuLimitCores().getAsDouble()) + " cores" + memory
                + " (" + c.containerType() + ", read over JMX from its flight recorder), which its JVM counts as "
                + HumanUnits.counted(c.effectiveCpuCount(), "processor")
                + "; its CPU is judged against the limit");
    }
}
