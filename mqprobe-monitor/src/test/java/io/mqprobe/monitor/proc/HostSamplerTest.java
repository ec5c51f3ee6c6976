package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class HostSamplerTest {

    @TempDir
    Path root;

    private static final String NET_HEADER = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
            """;

    private void proc(String stat, String diskstats, String netDev) throws IOException {
        Path proc = Files.createDirectories(root.resolve("proc/net"));
        Files.writeString(root.resolve("proc/stat"), stat);
        Files.writeString(root.resolve("proc/diskstats"), diskstats);
        Files.writeString(proc.resolve("dev"), NET_HEADER + netDev);
        Files.writeString(root.resolve("proc/meminfo"), """
                MemTotal:       24000000 kB
                Buffers:            2000 kB
                Cached:           110000 kB
                SwapCached:            7 kB
                Shmem:              9000 kB
                """);
    }

    private HostSampler sampler(boolean countLoopback) throws IOException {
        for (String disk : new String[]{"sda", "nvme0n1"}) {
            Files.createDirectories(root.resolve("sys/block/" + disk + "/device"));
        }
        for (String virtual : new String[]{"loop0", "dm-0"}) {
            Files.createDirectories(root.resolve("sys/block/" + virtual));
        }
        return new HostSampler(root.resolve("proc"), root.resolve("sys/block"), OptionalDouble.of(1e9), OptionalDouble.of(1.25e9), countLoopback);
    }

    @Test
    void should_turn_proc_counters_into_host_and_device_rates() throws IOException {
        HostSampler sampler = sampler(false);
        proc("cpu  100 0 50 800 10 0 0 0 0 0\ncpu0 50 0 25 400 5 0 0 0 0 0\ncpu1 50 0 25 400 5 0 0 0 0 0\n",
                diskstats(0, 0, 0), net(0, 0, 0));
        sampler.sample(1_000);
        // over 2 s: 200 ticks of 400 busy (1 of 2 CPUs), 40 iowait; sda wrote 4 MiB, nvme 2 MiB, its partition and dm-0 the same bytes again
        proc("cpu  230 0 100 960 50 20 0 0 0 0\ncpu0 115 0 50 480 25 10 0 0 0 0\ncpu1 115 0 50 480 25 10 0 0 0 0\n",
                diskstats(8192, 4096, 1024), net(3_000_000, 1_000_000, 7_000_000));
        List<ResourceSample> s = sampler.sample(3_000);

        assertThat(find(s, "host", Metric.CPU_CORES).value()).isCloseTo(2 * 200.0 / 400, within(1e-9));
        assertThat(find(s, "host", Metric.CPU_CORES).capacity()).hasValue(2.0);
        assertThat(find(s, "host", Metric.CPU_IOWAIT_PCT).value()).isCloseTo(10.0, within(1e-9));
        assertThat(find(s, "host", Metric.DISK_WRITE_BPS).value()).isCloseTo((8192 + 4096) * 512 / 2.0, within(1e-6));
        assertThat(find(s, "host", Metric.DISK_WRITE_BPS).capacity()).hasValue(1e9);
        assertThat(find(s, "host:sda", Metric.DISK_WRITE_BPS).value()).isCloseTo(8192 * 512 / 2.0, within(1e-6));
        assertThat(s).noneMatch(x -> x.source().equals("host:sda1") || x.source().equals("host:dm-0") || x.source().equals("host:loop0"));
        assertThat(find(s, "host", Metric.NET_RX_BPS).value()).isCloseTo(1_500_000, within(1e-6));
        assertThat(find(s, "host", Metric.NET_TX_BPS).value()).isCloseTo(500_000, within(1e-6));
        assertThat(find(s, "host:lo", Metric.NET_RX_BPS).value()).isCloseTo(3_500_000, within(1e-6));
        assertThat(find(s, "host", Metric.PAGE_CACHE_BYTES).value()).isEqualTo((110000 + 2000 - 9000) * 1024.0);
    }

    @Test
    void should_leave_the_hypervisors_steal_out_of_busy_and_out_of_the_cores_the_host_had() throws IOException {
        HostSampler sampler = sampler(false);
        proc("cpu  100 0 50 800 10 0 0 40 0 0\ncpu0 50 0 25 400 5 0 0 20 0 0\ncpu1 50 0 25 400 5 0 0 20 0 0\n",
                diskstats(0, 0, 0), net(0, 0, 0));
        sampler.sample(1_000);
        // over 400 ticks: 200 busy, 100 idle, 100 stolen by the hypervisor
        proc("cpu  250 0 100 900 10 0 0 140 0 0\ncpu0 125 0 50 450 5 0 0 70 0 0\ncpu1 125 0 50 450 5 0 0 70 0 0\n",
                diskstats(0, 0, 0), net(0, 0, 0));
        List<ResourceSample> s = sampler.sample(3_000);

        assertThat(find(s, "host", Metric.CPU_CORES).value()).isCloseTo(1.0, within(1e-9));
        assertThat(find(s, "host", Metric.CPU_CORES).capacity().orElseThrow()).isCloseTo(1.5, within(1e-9));
        assertThat(find(s, "host", Metric.CPU_STEAL_PCT).value()).isCloseTo(25.0, within(1e-9));
    }

    @Test
    void should_count_loopback_as_the_nic_of_an_embedded_cluster() throws IOException {
        HostSampler sampler = sampler(true);
        proc("cpu  1 0 1 1 0 0 0 0 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\n", diskstats(0, 0, 0), net(0, 0, 0));
        sampler.sample(1_000);
        proc("cpu  2 0 2 2 0 0 0 0 0 0\ncpu0 2 0 2 2 0 0 0 0 0 0\n", diskstats(0, 0, 0), net(3_000_000, 1_000_000, 7_000_000));

        List<ResourceSample> s = sampler.sample(2_000);

        assertThat(find(s, "host", Metric.NET_RX_BPS).value()).isCloseTo(3_000_000 + 7_000_000, within(1e-6));
    }

    @Test
    void should_read_this_machine() throws Exception {
        HostSampler sampler = new HostSampler(OptionalDouble.empty(), OptionalDouble.empty(), false);
        sampler.sample(System.currentTimeMillis() - 500);
        Thread.sleep(300);

        List<ResourceSample> s = sampler.sample(System.currentTimeMillis());

        ResourceSample cpu = find(s, "host", Metric.CPU_CORES);
        assertThat(cpu.capacity().orElseThrow()).isGreaterThanOrEqualTo(1.0);
        assertThat(cpu.value()).isBetween(0.0, cpu.capacity().orElseThrow());
        assertThat(find(s, "host", Metric.PAGE_CACHE_BYTES).value()).isPositive();
    }

    private static String diskstats(long sdaSectorsWritten, long nvmeSectorsWritten, long sda1SectorsWritten) {
        return "   7       0 loop0 10 0 80 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                + "   8       0 sda 1000 5 4000 100 500 20 " + sdaSectorsWritten + " 300 0 400 500 0 0 0 0 0 0\n"
                + "   8       1 sda1 900 5 3800 90 450 20 " + sda1SectorsWritten + " 280 0 380 470 0 0 0 0 0 0\n"
                + " 259       0 nvme0n1 200 0 1600 10 100 0 " + nvmeSectorsWritten + " 20 0 30 30 0 0 0 0 0 0\n"
                + " 253       0 dm-0 900 0 3800 90 470 0 " + sdaSectorsWritten + " 280 0 380 470 0 0 0 0 0 0\n";
    }

    private static String net(long ethRx, long ethTx, long loBoth) {
        return "    lo: " + loBoth + " 30 0 0 0 0 0 0 " + loBoth + " 30 0 0 0 0 0 0\n"
                + "  eth0: " + ethRx + " 6563 0 0 0 0 0 0 " + ethTx + " 5721 0 0 0 0 0 0\n"
                + "  ifb0: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
    }

    private static ResourceSample find(List<ResourceSample> samples, String source, String metric) {
        return samples.stream().filter(s -> s.source().equals(source) && s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + source + " " + metric + " in " + samples));
    }
}
