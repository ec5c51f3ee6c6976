package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Host metrics from node_exporter's standard names: CPU busy cores, iowait, steal and pressure, disk and NIC
 * throughput, page cache. Counts only physical disks and NICs, so device-mapper volumes and
 * container bridges do not count the same bytes twice.
 */
final class NodeExporterMapping {

    /** Virtual block devices that re-count bytes of the physical disks below them. */
    private static final Pattern VIRTUAL_DISK = Pattern.compile("(dm-|md|loop|ram|zram|sr|fd)\\d*.*");
    /** Loopback and the virtual interfaces containers and overlays add. */
    private static final Pattern VIRTUAL_NIC = Pattern.compile("lo|veth.*|docker.*|br-.*|virbr.*|cni.*|flannel.*|cali.*|tunl.*|vxlan.*|kube-.*|ifb.*");

    private final String source;
    private final OptionalDouble diskWriteCeilingBps;
    private final OptionalDouble nicCeilingBps;
    private final CounterRates rates = new CounterRates();

    NodeExporterMapping(String source, OptionalDouble diskWriteCeilingBps, OptionalDouble nicCeilingBps) {
        this.source = source;
        this.diskWriteCeilingBps = diskWriteCeilingBps;
        this.nicCeilingBps = nicCeilingBps;
    }

    /**
     * @param cpuSource source of the node's CPU readings (busy cores, steal, pressure): the broker's own source, unless
     *                  the broker's container reports its CPU there; disks, NICs and iowait (which speaks of the disk)
     *                  stay with the broker's
     */
    List<ResourceSample> map(List<PromSample> samples, long epochMs, String cpuSource) {
        double cpuTotal = 0;
        double cpuIdle = 0;
        double cpuIowait = 0;
        double cpuSteal = 0;
        OptionalDouble pressureWaitingSeconds = OptionalDouble.empty();
        Set<String> cpus = new HashSet<>();
        double diskRead = 0;
        double diskWrite = 0;
        double netRx = 0;
        double netTx = 0;
        OptionalDouble cached = OptionalDouble.empty();
        double buffers = 0;
        double shmem = 0;
        OptionalDouble memTotal = OptionalDouble.empty();
        boolean disks = false;
        boolean nics = false;
        for (PromSample s : samples) {
            switch (s.name()) {
                case "node_cpu_seconds_total" -> {
                    cpus.add(s.label("cpu"));
                    cpuTotal += s.value();
                    if (s.label("mode").equals("idle")) {
                        cpuIdle += s.value();
                    } else if (s.label("mode").equals("iowait")) {
                        cpuIowait += s.value();
                    } else if (s.label("mode").equals("steal")) {
                        cpuSteal += s.value();
                    }
                }
                case "node_pressure_cpu_waiting_seconds_total" -> pressureWaitingSeconds = OptionalDouble.of(s.value());
                case "node_disk_read_bytes_total" -> {
                    if (!VIRTUAL_DISK.matcher(s.label("device")).matches()) {
                        diskRead += s.value();
                        disks = true;
                    }
                }
                case "node_disk_written_bytes_total" -> {
                    if (!VIRTUAL_DISK.matcher(s.label("device")).matches()) {
                        diskWrite += s.value();
                        disks = true;
                    }
                }
                case "node_network_receive_bytes_total" -> {
                    if (!VIRTUAL_NIC.matcher(s.label("device")).matches()) {
                        netRx += s.value();
                        nics = true;
                    }
                }
                case "node_network_transmit_bytes_total" -> {
                    if (!VIRTUAL_NIC.matcher(s.label("device")).matches()) {
                        netTx += s.value();
                        nics = true;
                    }
                }
                case "node_memory_Cached_bytes" -> cached = OptionalDouble.of(s.value());
                case "node_memory_Buffers_bytes" -> buffers = s.value();
                case "node_memory_Shmem_bytes" -> shmem = s.value();
                case "node_memory_MemTotal_bytes" -> memTotal = OptionalDouble.of(s.value());
                default -> {
                }
            }
        }
        List<ResourceSample> out = new ArrayList<>();
        if (!cpus.isEmpty()) {
            double total = rates.perSecond("cpu.total", cpuTotal, epochMs);
            double idle = rates.perSecond("cpu.idle", cpuIdle, epochMs);
            double iowait = rates.perSecond("cpu.iowait", cpuIowait, epochMs);
            double steal = rates.perSecond("cpu.steal", cpuSteal, epochMs);
            if (total > 0 && !Double.isNaN(idle) && !Double.isNaN(iowait) && !Double.isNaN(steal)) {
                // shares of all CPU seconds: exact whatever the scrape's own delay. Steal is time a vCPU wanted to run
                // and the hypervisor ran another guest: no work of this node's, so not busy (a container's usage and a
                // process's CPU time leave it out too), and not a core this node had either, so it leaves the capacity:
                // a guest using every core it was given still reads saturated, and steal % says why it was given fewer
                double cores = cpus.size();
                out.add(new ResourceSample(epochMs, cpuSource, Metric.CPU_CORES, cores * (total - idle - iowait - steal) / total,
                        cores * (total - steal) / total));
                out.add(new ResourceSample(epochMs, cpuSource, Metric.CPU_STEAL_PCT, 100.0 * steal / total, 100.0));
                out.add(new ResourceSample(epochMs, source, Metric.CPU_IOWAIT_PCT, 100.0 * iowait / total, 100.0));
            }
        }
        if (pressureWaitingSeconds.isPresent()) {
            // seconds in which some task waited, per second of wall time; the scrape's own delay can push it past 100
            double waitingPct = 100.0 * rates.perSecond("cpu.pressure", pressureWaitingSeconds.getAsDouble(), epochMs);
            if (!Double.isNaN(waitingPct)) {
                out.add(new ResourceSample(epochMs, cpuSource, Metric.CPU_PRESSURE_PCT, Math.min(100.0, waitingPct), 100.0));
            }
        }
        if (disks) {
            add(out, epochMs, Metric.DISK_READ_BPS, rates.perSecond("disk.read", diskRead, epochMs), OptionalDouble.empty());
            add(out, epochMs, Metric.DISK_WRITE_BPS, rates.perSecond("disk.write", diskWrite, epochMs), diskWriteCeilingBps);
        }
        if (nics) {
            add(out, epochMs, Metric.NET_RX_BPS, rates.perSecond("net.rx", netRx, epochMs), nicCeilingBps);
            add(out, epochMs, Metric.NET_TX_BPS, rates.perSecond("net.tx", netTx, epochMs), nicCeilingBps);
        }
        if (cached.isPresent() && !Double.isNaN(cached.getAsDouble())) {
            // file-backed cache only: tmpfs and shared memory sit in Cached too
            out.add(new ResourceSample(epochMs, source, Metric.PAGE_CACHE_BYTES, cached.getAsDouble() + buffers - shmem, memTotal));
        }
        return out;
    }

    /** Leaves out a rate not known yet (the first scrape of a counter). */
    private void add(List<ResourceSample> out, long epochMs, String metric, double value, OptionalDouble capacity) {
        if (!Double.isNaN(value)) {
            out.add(new ResourceSample(epochMs, source, metric, value, capacity));
        }
    }
}
