package io.mqprobe.api.monitor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Where the host's busy cores went over a step: the processes mqprobe samples on this host (brokers, itself, local
 * workers: their CPU as judged against their quotas), their threads outside the quotas (the JIT compilers, and the
 * threads serving mqprobe's own monitors), every other process, the kernel's own threads, and what none of them shows.
 * The parts add up to the host's busy cores.
 *
 * <p>{@code unexplained} is the host's busy time no process shows: interrupts taken while the CPU idled, processes that
 * ended inside the step, readings a moment apart. A process's system time holds the kernel work done on its behalf
 * (its sends over loopback, with their softirq), so {@code kernelThreads} is only what ran in the kernel's own threads.
 *
 * @param hostCores      the host's busy cores (steal left out)
 * @param capacityCores  the cores the host had, empty when not known
 * @param processes      the sampled processes' cores, as judged against their quotas
 * @param outsideQuotas  the sampled processes' JIT compiler threads outside their quotas
 * @param monitors       the sampled processes' threads serving mqprobe's monitors outside their quotas; 0 in documents
 *                       written before they were moved out
 * @param otherProcesses every other user-space process on the machine
 * @param kernelThreads  the kernel's threads (ksoftirqd, kworkers, kswapd, jbd2)
 * @param unexplained    the rest of the host's busy cores; negative when the readings overlap
 */
public record CpuAccount(double hostCores, OptionalDouble capacityCores, double processes, double outsideQuotas,
                         double monitors, double otherProcesses, double kernelThreads, double unexplained) {


    /**
     * The account of one step's readings: empty without the host's CPU and its process split (a host not sampled, a
     * document written before the split).
     */
    public static Optional<CpuAccount> of(List<ResourceUsage> resources) {
        Optional<ResourceUsage> host = find(resources, Sources.HOST, Metric.CPU_CORES);
        Optional<ResourceUsage> all = find(resources, Sources.HOST, Metric.CPU_PROCESSES_CORES);
        Optional<ResourceUsage> kernel = find(resources, Sources.HOST, Metric.CPU_KERNEL_THREADS_CORES);
        if (host.isEmpty() || all.isEmpty() || kernel.isEmpty()) {
            return Optional.empty();
        }
        double processes = 0;
        double outside = 0;
        double monitors = 0;
        for (ResourceUsage r : resources) {
            if (Metric.CPU_OUTSIDE_QUOTA_CORES.equals(r.metric()) && !Sources.HOST.equals(r.source())) {
                double ofMonitors = find(resources, r.source(), Metric.CPU_MONITORS_CORES).map(ResourceUsage::mean).orElse(0.0);
                outside += r.mean() - ofMonitors;
                monitors += ofMonitors;
                processes += find(resources, r.source(), Metric.CPU_CORES).map(ResourceUsage::mean).orElse(0.0);
            }
        }
        double other = Math.max(0, all.get().mean() - processes - outside - monitors);
        double unexplained = host.get().mean() - processes - outside - monitors - other - kernel.get().mean();
        return Optional.of(new CpuAccount(host.get().mean(), host.get().capacity(), processes, outside, monitors, other,
                kernel.get().mean(), unexplained));
    }

    /** Cores the host spent beyond the sampled processes' quotas. */
    public double beyondProcesses() {
        return hostCores - processes;
    }

    /**
     * The parts beyond the quotas, largest first ("JIT compilers 0.31 cores, kernel threads 0.12, mqprobe's monitors
     * 0.06, other processes 0.05, unexplained 0.04"); parts under 0.01 cores are left out.
     */
    public String beyondParts() {
        List<Map.Entry<String, Double>> parts = new ArrayList<>(List.of(Map.entry("JIT compilers", outsideQuotas),
                Map.entry("mqprobe's monitors", monitors),
                Map.entry("other processes", otherProcesses), Map.entry("kernel threads", kernelThreads),
                Map.entry("unexplained", unexplained)));
        parts.removeIf(e -> e.getValue() < 0.005);
        parts.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            out.add(parts.get(i).getKey() + " " + cores(parts.get(i).getValue()) + (i == 0 ? " cores" : ""));
        }
        return out.isEmpty() ? "nothing" : String.join(", ", out);
    }

    /** "host 1.83 cores = processes 1.42 + beyond them 0.41 (JIT compilers 0.31 cores, ...)". */
    public String describe() {
        return "host " + cores(hostCores) + " of " + capacity(capacityCores) + " cores = processes " + cores(processes)
                + " + beyond them " + cores(beyondProcesses()) + " (" + beyondParts() + ")";
    }

    /**
     * The step table's form: "1.83/2 cores: processes 1.42, JIT 0.21, monitors 0.04, other 0.10, kernel 0.05,
     * unexplained 0.01".
     */
    public String compact() {
        return cores(hostCores) + "/" + capacity(capacityCores) + " cores: processes " + cores(processes) + ", JIT "
                + cores(outsideQuotas) + ", monitors " + cores(monitors) + ", other " + cores(otherProcesses) + ", kernel " + cores(kernelThreads)
                + ", unexplained " + cores(unexplained);
    }

    /** "2" for whole cores, "1.5" or "0.25" for a fraction (not HumanUnits: api.units depends on the api package, which depends on this one). */
    private static String capacity(OptionalDouble cores) {
        if (cores.isEmpty()) {
            return "?";
        }
        double value = cores.getAsDouble();
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value)
                : String.format(Locale.ROOT, "%.2f", value).replaceAll("0$", "");
    }

    private static String cores(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static Optional<ResourceUsage> find(List<ResourceUsage> resources, String source, String metric) {
        return resources.stream().filter(r -> source.equals(r.source()) && metric.equals(r.metric())).findFirst();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "CpuAccount[%s]", describe());
    }
}
