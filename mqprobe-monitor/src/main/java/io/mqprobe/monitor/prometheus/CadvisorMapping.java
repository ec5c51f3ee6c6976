package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The broker's own container from cAdvisor's series, as the kubelet serves them at {@code /metrics/cadvisor}: CPU used
 * against its quota, the share of quota periods throttled, the CPU and memory limits. A node serves every container on
 * it, so the broker's is the one whose pod name ends in {@code -<broker id>} (Strimzi's {@code <cluster>-kafka-<id>} and
 * {@code <cluster>-<pool>-<id>}).
 */
final class CadvisorMapping {

    /** Strimzi's and most charts' name for the broker's container, when another pod on the node ends in the same id. */
    private static final String KAFKA_CONTAINER = "kafka";
    /** The pause container holding a pod's namespaces (dockershim); {@code ""} names the pod's or a system cgroup. */
    private static final String PAUSE_CONTAINER = "POD";

    /** One container as cAdvisor labels it; a restarted container keeps this identity under a new cgroup id. */
    record ContainerId(String namespace, String pod, String container) {

        /** {@code my-cluster-kafka-2/kafka}, for a message. */
        @Override
        public String toString() {
            return pod + "/" + container;
        }
    }

    /** The chosen container's values in one scrape; {@code NaN} for a series it does not have. */
    private static final class Readings {
        double usageSeconds = Double.NaN;
        double periods = Double.NaN;
        double throttledPeriods = Double.NaN;
        double quotaUs = Double.NaN;
        double periodUs = Double.NaN;
        double memoryLimitBytes = Double.NaN;
    }

    private final String source;
    private final String podSuffix;
    private final CounterRates rates = new CounterRates();
    private ContainerId chosen;
    private double lastUsageSeconds = Double.NaN;

    /**
     * @param source   source of the samples, {@code broker-<id>}
     * @param brokerId the id the broker's pod name ends in
     */
    CadvisorMapping(String source, int brokerId) {
        this.source = source;
        this.podSuffix = "-" + brokerId;
    }

    /** The container the last scrape was read from, e.g. {@code my-cluster-kafka-2/kafka}; empty when none was the broker's. */
    Optional<ContainerId> chosenContainer() {
        return Optional.ofNullable(chosen);
    }

    List<ResourceSample> map(List<PromSample> samples, long epochMs) {
        ContainerId container = choose(realContainers(samples));
        if (container == null || !container.equals(chosen)) {
            // another container's counters (or none): no rate across them
            rates.reset();
            lastUsageSeconds = Double.NaN;
        }
        chosen = container;
        if (container == null) {
            return List.of();
        }
        Readings r = read(samples, container);
        OptionalDouble limitCores = r.quotaUs > 0 && r.periodUs > 0 ? OptionalDouble.of(r.quotaUs / r.periodUs) : OptionalDouble.empty();
        List<ResourceSample> out = new ArrayList<>();
        addRates(out, epochMs, r, limitCores);
        limitCores.ifPresent(cores -> out.add(ResourceSample.of(epochMs, source, Metric.CPU_LIMIT_CORES, cores)));
        // cAdvisor writes 0 for a container without a memory limit
        if (r.memoryLimitBytes > 0) {
            out.add(ResourceSample.of(epochMs, source, Metric.MEMORY_LIMIT_BYTES, r.memoryLimitBytes));
        }
        return out;
    }

    /**
     * cAdvisor reads the cgroups on its own housekeeping tick (10-15 s on a kubelet), not per scrape: an unchanged usage
     * counter means it has not read them again, not that a running JVM used no CPU. Such a scrape reports no rates and
     * keeps the previous reading, so the next fresh one spreads its growth over the whole time since.
     */
    private void addRates(List<ResourceSample> out, long epochMs, Readings r, OptionalDouble limitCores) {
        if (Double.isNaN(r.usageSeconds) || r.usageSeconds == lastUsageSeconds) {
            return;
        }
        lastUsageSeconds = r.usageSeconds;
        double cores = rates.perSecond("usage", r.usageSeconds, epochMs);
        if (!Double.isNaN(cores)) {
            out.add(new ResourceSample(epochMs, source, Metric.CPU_CORES, cores, limitCores));
        }
        if (!Double.isNaN(r.periods) && !Double.isNaN(r.throttledPeriods)) {
            double periods = rates.perSecond("periods", r.periods, epochMs);
            double throttled = rates.perSecond("throttled", r.throttledPeriods, epochMs);
            if (periods > 0 && !Double.isNaN(throttled)) {
                out.add(new ResourceSample(epochMs, source, Metric.CPU_THROTTLED_SHARE, Math.min(1.0, throttled / periods), 1.0));
            }
        }
    }

    /**
     * The broker's container: the one real container of a pod named {@code …-<id>}; among several, the one named
     * {@code kafka}; with no such pod, the endpoint's only container (a cAdvisor beside one broker). Else none: a guess
     * would report another pod's CPU as the broker's.
     */
    private ContainerId choose(Set<ContainerId> containers) {
        List<ContainerId> ofBroker = containers.stream().filter(c -> c.pod().endsWith(podSuffix)).toList();
        if (ofBroker.size() == 1) {
            return ofBroker.get(0);
        }
        List<ContainerId> kafka = ofBroker.stream().filter(c -> c.container().equals(KAFKA_CONTAINER)).toList();
        if (kafka.size() == 1) {
            return kafka.get(0);
        }
        return ofBroker.isEmpty() && containers.size() == 1 ? containers.iterator().next() : null;
    }

    private static Set<ContainerId> realContainers(List<PromSample> samples) {
        Set<ContainerId> containers = new LinkedHashSet<>();
        for (PromSample s : samples) {
            if (s.name().startsWith("container_") && isRealContainer(s)) {
                containers.add(idOf(s));
            }
        }
        return containers;
    }

    private static boolean isRealContainer(PromSample s) {
        String container = s.label("container");
        return !container.isEmpty() && !container.equals(PAUSE_CONTAINER);
    }

    private static ContainerId idOf(PromSample s) {
        return new ContainerId(s.label("namespace"), s.label("pod"), s.label("container"));
    }

    private static Readings read(List<PromSample> samples, ContainerId container) {
        Readings r = new Readings();
        for (PromSample s : samples) {
            if (!s.name().startsWith("container_") || !isRealContainer(s) || !idOf(s).equals(container)) {
                continue;
            }
            // counters add up: per-CPU series where cAdvisor splits them, an old and a new cgroup around a restart
            switch (s.name()) {
                case "container_cpu_usage_seconds_total" -> r.usageSeconds = plus(r.usageSeconds, s.value());
                case "container_cpu_cfs_periods_total" -> r.periods = plus(r.periods, s.value());
                case "container_cpu_cfs_throttled_periods_total" -> r.throttledPeriods = plus(r.throttledPeriods, s.value());
                case "container_spec_cpu_quota" -> r.quotaUs = s.value();
                case "container_spec_cpu_period" -> r.periodUs = s.value();
                case "container_spec_memory_limit_bytes" -> r.memoryLimitBytes = s.value();
                // container_cpu_cfs_throttled_seconds_total has no mqprobe metric: the share of periods is what says
                // whether the quota held the broker back
                default -> {
                }
            }
        }
        return r;
    }

    private static double plus(double sum, double value) {
        return Double.isNaN(sum) ? value : sum + value;
    }
}
