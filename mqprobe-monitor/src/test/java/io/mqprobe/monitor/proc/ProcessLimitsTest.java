package io.mqprobe.monitor.proc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class ProcessLimitsTest {

    @TempDir
    Path root;

    /** A fake /proc and /sys/fs/cgroup: pid 77 in cgroup {@code /brokers/b1}, with the given mount layout. */
    private ProcessLimits limits(String cgroupFile, String mountinfo) throws IOException {
        Path proc = root.resolve("proc");
        Files.createDirectories(proc.resolve("77"));
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("77/status"), "Name:\tjava\nCpus_allowed_list:\t0-3,6\nVmRSS:\t100 kB\n");
        Files.writeString(proc.resolve("77/cgroup"), cgroupFile);
        Files.writeString(proc.resolve("self/mountinfo"), mountinfo);
        Files.writeString(proc.resolve("meminfo"), "MemTotal:       16384000 kB\nMemFree:  1 kB\n");
        return new ProcessLimits(proc, root);
    }

    private void write(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    @Test
    void should_take_cores_from_the_cgroup_v2_cpu_max_quota() throws IOException {
        ProcessLimits limits = limits("0::/brokers/b1\n",
                "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
        write("sys/fs/cgroup/brokers/b1/cpu.max", "150000 100000\n");
        write("sys/fs/cgroup/brokers/b1/memory.max", "4294967296\n");
        write("sys/fs/cgroup/brokers/cpu.max", "max 100000\n");

        assertThat(limits.cores(77)).isCloseTo(1.5, within(1e-9));
        assertThat(limits.memoryBytes(77)).isEqualTo(4294967296.0);
    }

    @Test
    void should_apply_a_tighter_quota_set_on_a_parent_cgroup() throws IOException {
        ProcessLimits limits = limits("0::/brokers/b1\n",
                "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/brokers/b1/cpu.max", "max 100000\n");
        write("sys/fs/cgroup/brokers/cpu.max", "50000 100000\n");

        assertThat(limits.cores(77)).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void should_read_the_cgroup_v1_cfs_quota_of_the_cpu_controller_only() throws IOException {
        ProcessLimits limits = limits("4:memory:/brokers/b1\n3:cpu,cpuacct:/brokers/b1\n2:cpuset:/\n",
                "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n"
                        + "34 31 0:31 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n"
                        + "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/b1/cpu.cfs_quota_us", "200000\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/b1/cpu.cfs_period_us", "100000\n");
        write("sys/fs/cgroup/memory/brokers/b1/memory.limit_in_bytes", "9223372036854771712\n");

        assertThat(limits.cores(77)).isCloseTo(2.0, within(1e-9));
        assertThat(limits.memoryBytes(77)).isEqualTo(16384000.0 * 1024);
    }

    @Test
    void should_fall_back_to_the_cpu_affinity_without_any_quota() throws IOException {
        ProcessLimits limits = limits("0::/\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");

        assertThat(limits.cores(77)).isEqualTo(5.0);
        assertThat(ProcessLimits.countCpus("0-3,8,10-11")).isEqualTo(7);
    }

    @Test
    void should_give_this_process_at_least_one_core_and_some_memory() throws IOException {
        long self = ProcessHandle.current().pid();

        assertThat(ProcessLimits.system().cores(self)).isGreaterThan(0).isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() + 0.0);
        assertThat(ProcessLimits.system().memoryBytes(self)).isGreaterThan(Runtime.getRuntime().maxMemory());
    }

    @Test
    void should_read_the_throttling_counters_of_the_group_whose_quota_binds() throws IOException {
        ProcessLimits v1 = limits("3:cpu,cpuacct:/brokers/b1\n",
                "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/b1/cpu.cfs_quota_us", "50000\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/b1/cpu.cfs_period_us", "100000\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/b1/cpu.stat", "nr_periods 1200\nnr_throttled 300\nthrottled_time 9000000\n");
        write("sys/fs/cgroup/cpu,cpuacct/brokers/cpu.stat", "nr_periods 0\nnr_throttled 0\nthrottled_time 0\n");

        assertThat(v1.cpu(77).throttling()).contains(new ProcessLimits.CfsPeriods(1200, 300));
    }

    @Test
    void should_read_the_throttling_counters_of_a_v2_parent_that_sets_the_quota() throws IOException {
        ProcessLimits v2 = limits("0::/brokers/b1\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/brokers/b1/cpu.max", "max 100000\n");
        write("sys/fs/cgroup/brokers/b1/cpu.stat", "usage_usec 10\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n");
        write("sys/fs/cgroup/brokers/cpu.max", "50000 100000\n");
        write("sys/fs/cgroup/brokers/cpu.stat", "usage_usec 10\nnr_periods 40\nnr_throttled 10\nthrottled_usec 77\n");

        assertThat(v2.cpu(77).throttling()).contains(new ProcessLimits.CfsPeriods(40, 10));
    }

    @Test
    void should_have_no_throttling_counters_without_a_quota() throws IOException {
        ProcessLimits none = limits("0::/brokers/b1\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/brokers/b1/cpu.max", "max 100000\n");
        write("sys/fs/cgroup/brokers/b1/cpu.stat", "nr_periods 5\nnr_throttled 0\n");

        assertThat(none.cpu(77).throttling()).isEmpty();
    }

    // every field near the right one holds a number of its own: reading a wrong one gives a wrong figure
    private static final String V1_MEMORY_STAT = "cache 1100\nrss 2200\nmapped_file 3300\nshmem 4400\nactive_file 5500\n"
            + "inactive_file 6600\ntotal_cache 7700\ntotal_rss 8800\ntotal_mapped_file 9900\ntotal_shmem 11000\n";
    private static final String V2_MEMORY_STAT = "anon 1100\nfile 2200\nkernel 3300\nshmem 4400\nfile_mapped 5500\n"
            + "file_dirty 6600\nfile_writeback 7700\nactive_file 8800\ninactive_file 9900\n";

    @Test
    void should_read_the_hierarchical_page_cache_of_the_process_own_v1_memory_group() throws IOException {
        ProcessLimits v1 = limits("4:memory:/brokers/b1\n3:cpu,cpuacct:/brokers/b1\n",
                "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n"
                        + "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write("sys/fs/cgroup/memory/brokers/b1/memory.stat", V1_MEMORY_STAT);
        write("sys/fs/cgroup/memory/brokers/memory.stat", "cache 1\ntotal_cache 2\n");
        write("sys/fs/cgroup/memory/memory.stat", "cache 3\ntotal_cache 4\n");

        assertThat(v1.pageCacheBytes(77)).hasValue(7700.0);
    }

    @Test
    void should_take_the_v1_group_own_cache_where_the_kernel_gives_no_total() throws IOException {
        ProcessLimits v1 = limits("4:memory:/brokers/b1\n", "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write("sys/fs/cgroup/memory/brokers/b1/memory.stat", "cache 1100\nrss 2200\nmapped_file 3300\n");

        assertThat(v1.pageCacheBytes(77)).hasValue(1100.0);
    }

    @Test
    void should_read_the_file_pages_of_the_process_own_v2_group() throws IOException {
        ProcessLimits v2 = limits("0::/brokers/b1\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/brokers/b1/memory.stat", V2_MEMORY_STAT);
        write("sys/fs/cgroup/brokers/memory.stat", "anon 1\nfile 2\n");

        assertThat(v2.pageCacheBytes(77)).hasValue(2200.0);
    }

    @Test
    void should_read_the_v1_memory_group_of_a_hybrid_system_whose_v2_tree_has_no_memory_controller() throws IOException {
        ProcessLimits hybrid = limits("4:memory:/brokers/b1\n0::/\n",
                "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
                        + "41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/memory/brokers/b1/memory.stat", V1_MEMORY_STAT);
        write("sys/fs/cgroup/unified/memory.stat", V2_MEMORY_STAT);

        assertThat(hybrid.pageCacheBytes(77)).hasValue(7700.0);
    }

    @Test
    void should_have_no_page_cache_of_its_own_in_the_root_memory_group() throws IOException {
        // the root group's memory.stat counts the whole machine's page cache, which says nothing about this process
        ProcessLimits v2 = limits("0::/\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/memory.stat", V2_MEMORY_STAT);
        assertThat(v2.pageCacheBytes(77)).isEmpty();

        ProcessLimits v1 = limits("4:memory:/\n", "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write("sys/fs/cgroup/memory/memory.stat", V1_MEMORY_STAT);
        assertThat(v1.pageCacheBytes(77)).isEmpty();
    }

    @Test
    void should_have_no_page_cache_of_its_own_in_a_group_it_shares_with_other_processes() throws IOException {
        // one group for a whole sandbox: every process in it would report the same figure, all of theirs
        ProcessLimits v1 = limits("4:memory:/sandbox\n", "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write("sys/fs/cgroup/memory/sandbox/memory.stat", V1_MEMORY_STAT);
        write("sys/fs/cgroup/memory/sandbox/cgroup.procs", "77\n78\n");
        assertThat(v1.pageCacheBytes(77)).isEmpty();

        write("sys/fs/cgroup/memory/sandbox/cgroup.procs", "77\n");
        assertThat(v1.pageCacheBytes(77)).hasValue(7700.0);
    }

    @Test
    void should_have_no_page_cache_when_its_group_memory_stat_cannot_be_read() throws IOException {
        ProcessLimits v2 = limits("0::/brokers/b1\n", "30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/brokers/b1/cpu.max", "max 100000\n");   // the group exists, without the memory controller
        write("sys/fs/cgroup/brokers/memory.stat", V2_MEMORY_STAT);  // a parent's figure is not the process's

        assertThat(v2.pageCacheBytes(77)).isEmpty();
    }
}
