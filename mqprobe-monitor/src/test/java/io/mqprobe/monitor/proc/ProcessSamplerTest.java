package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Timeout(30)
class ProcessSamplerTest {

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void killChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private Process start(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        children.add(p);
        return p;
    }

    @Test
    void should_report_about_one_core_for_a_child_spinning_in_a_loop() throws Exception {
        Process spinner = start("sh", "-c", "while :; do :; done");
        ProcessSampler sampler = new ProcessSampler("broker-9", spinner::pid, OptionalDouble.empty());
        Thread.sleep(200);

        List<ResourceSample> first = sampler.sample(System.currentTimeMillis());
        Thread.sleep(1_500);
        List<ResourceSample> second = sampler.sample(System.currentTimeMillis());

        assertThat(first).extracting(ResourceSample::metric).doesNotContain(Metric.CPU_CORES);
        ResourceSample cpu = find(second, Metric.CPU_CORES);
        // one thread can use at most one core; on a shared 2-core box it gets at least a good share of one
        assertThat(cpu.value()).isBetween(0.3, 1.05);
        assertThat(cpu.capacity().orElseThrow()).isBetween(0.01, (double) Runtime.getRuntime().availableProcessors());
        assertThat(cpu.source()).isEqualTo("broker-9");
        assertThat(find(second, Metric.RSS_BYTES).value()).isPositive();
    }

    @Test
    void should_count_the_bytes_a_child_writes_with_fsync() throws Exception {
        long bytes = 8L << 20;
        // on the build's own disk: tmpfs (often /tmp) has no storage layer and counts no write bytes
        Path dir = Files.createDirectories(Path.of("target", "proc-write-test")).toAbsolutePath();
        Path file = dir.resolve("written-" + System.nanoTime());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = start(java, "-XX:-UsePerfData", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                WritingChild.class.getName(), file.toString(), Long.toString(bytes));
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        PrintWriter in = new PrintWriter(child.getOutputStream(), true);
        assertThat(out.readLine()).isEqualTo("ready");
        ProcessSampler sampler = new ProcessSampler("client", child::pid, OptionalDouble.of(5e8));

        long t0 = System.currentTimeMillis();
        sampler.sample(t0);
        in.println("go");
        assertThat(out.readLine()).isEqualTo("done");
        long t1 = t0 + 2_000;  // any later instant: the rate times the same span gives the bytes back
        List<ResourceSample> after = sampler.sample(t1);

        ResourceSample write = find(after, Metric.DISK_WRITE_BPS);
        double writtenBytes = write.value() * (t1 - t0) / 1000.0;
        assertThat(writtenBytes).isBetween((double) bytes, bytes * 1.05);
        assertThat(write.capacity()).hasValue(5e8);
        Files.deleteIfExists(file);
    }

    @Test
    void should_start_over_when_the_process_is_replaced() throws Exception {
        Process first = start("sleep", "20");
        Process second = start("sleep", "20");
        AtomicLong pid = new AtomicLong(first.pid());
        ProcessSampler sampler = new ProcessSampler("broker-1", pid::get, OptionalDouble.empty());
        sampler.sample(1_000);

        pid.set(second.pid());
        List<ResourceSample> afterRestart = sampler.sample(2_000);
        List<ResourceSample> next = sampler.sample(3_000);

        // CPU time of a different process is no difference at all: no rate until two readings of the new one
        assertThat(afterRestart).extracting(ResourceSample::metric).contains(Metric.RSS_BYTES)
                .isSubsetOf(Metric.RSS_BYTES, Metric.PAGE_CACHE_BYTES);
        assertThat(next).extracting(ResourceSample::metric).contains(Metric.CPU_CORES);
    }

    @Test
    void should_fail_while_the_process_is_down_or_gone() throws Exception {
        Process child = start("sleep", "20");
        long pid = child.pid();
        child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);

        assertThatThrownBy(() -> new ProcessSampler("broker-2", () -> pid, OptionalDouble.empty()).sample(1_000))
                .isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> new ProcessSampler("broker-2", () -> -1, OptionalDouble.empty()).sample(1_000))
                .hasMessageContaining("broker-2 is not running");
    }

    @Test
    void should_leave_out_the_cpu_of_threads_outside_the_process_cpu_group(@TempDir Path proc) throws Exception {
        // a broker of one quota'd thread, one compiler thread and one JMX thread moved to groups without a quota
        fakeProcess(proc, 7, "/mqprobe-1/k0-broker-1", Map.of(7L, "/mqprobe-1/k0-broker-1", 9L, "/mqprobe-1/compilers",
                11L, "/mqprobe-1/monitors"));
        ProcessSampler sampler = new ProcessSampler("broker-1", () -> 7, OptionalDouble.empty(), proc, new ProcessLimits(proc, proc));
        writeTicks(proc, 7, 110, Map.of(7L, 60L, 9L, 40L, 11L, 10L));
        sampler.sample(1_000);

        // one second later: 2.2 cores in all, 1.5 of them the compiler's, 0.2 the JMX thread's
        writeTicks(proc, 7, 330, Map.of(7L, 110L, 9L, 190L, 11L, 30L));
        List<ResourceSample> samples = sampler.sample(2_000);
        ResourceSample cpu = find(samples, Metric.CPU_CORES);

        assertThat(cpu.value()).isCloseTo(0.5, within(1e-9));
        assertThat(cpu.capacity()).hasValue(2.0);
        assertThat(find(samples, Metric.CPU_OUTSIDE_QUOTA_CORES).value()).isCloseTo(1.7, within(1e-9));
        assertThat(find(samples, Metric.CPU_MONITORS_CORES).value()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void should_report_a_jvms_compiler_threads_cpu_inside_its_quota_or_out(@TempDir Path proc) throws Exception {
        // a JVM of one worker thread, a C2 compiler thread in its own group and a C1 compiler thread outside it
        fakeProcess(proc, 7, "/mqprobe-1/client", Map.of(7L, "/mqprobe-1/client", 9L, "/mqprobe-1/client",
                11L, "/mqprobe-1/compilers"));
        name(proc, 7, 9, "C2 CompilerThre");
        name(proc, 7, 11, "C1 CompilerThre");
        ProcessSampler sampler = new ProcessSampler("client", () -> 7, OptionalDouble.empty(), proc, new ProcessLimits(proc, proc));
        writeTicks(proc, 7, 100, Map.of(7L, 50L, 9L, 40L, 11L, 10L));
        sampler.sample(1_000);

        // one second later: the C2 thread 0.3 cores, the C1 thread 0.05
        writeTicks(proc, 7, 185, Map.of(7L, 100L, 9L, 70L, 11L, 15L));
        List<ResourceSample> samples = sampler.sample(2_000);

        assertThat(find(samples, Metric.JIT_CPU_MS_PER_S).value()).isCloseTo(350, within(1e-6));
        assertThat(find(samples, Metric.CPU_CORES).value()).as("the outside C1 thread left out").isCloseTo(0.8, within(1e-9));
    }

    private static void name(Path proc, long pid, long tid, String comm) throws IOException {
        Files.writeString(proc.resolve(pid + "/task/" + tid + "/comm"), comm + "\n");
    }

    @Test
    void should_report_the_share_of_its_quotas_periods_a_process_was_throttled_in() throws Exception {
        // a spinning child in a group of its own with a fifth of a core: throttled in nearly every period it has work
        java.util.Optional<io.mqprobe.embedded.isolation.Cgroups> cgroups = io.mqprobe.embedded.isolation.Cgroups.detect();
        org.junit.jupiter.api.Assumptions.assumeTrue(cgroups.isPresent(), "needs root and a cgroup hierarchy");
        String group = "mqprobe-test-throttle-" + ProcessHandle.current().pid();
        Process spinner = start("sh", "-c", "while :; do :; done");
        try {
            cgroups.get().create(group);
            cgroups.get().limitCpu(group, 0.2, null);
            cgroups.get().move(group, spinner.pid(), false);
            ProcessSampler sampler = new ProcessSampler("broker-9", spinner::pid, OptionalDouble.empty());
            sampler.sample(System.currentTimeMillis());
            Thread.sleep(1_500);
            List<ResourceSample> second = sampler.sample(System.currentTimeMillis());

            // a busy machine may give it less than its fifth, and throttle it less often; never more
            assertThat(find(second, Metric.CPU_CORES).value()).isBetween(0.05, 0.25);
            assertThat(find(second, Metric.CPU_THROTTLED_SHARE).value()).isGreaterThan(0.5).isLessThanOrEqualTo(1.0);
        } finally {
            spinner.destroyForcibly().waitFor();
            cgroups.get().remove(group);
        }
    }

    @Test
    void should_report_no_throttling_for_a_process_without_a_quota() throws Exception {
        Process spinner = start("sh", "-c", "while :; do :; done");
        ProcessSampler sampler = new ProcessSampler("broker-9", spinner::pid, OptionalDouble.empty(), Path.of("/proc"),
                ProcessLimits.system());
        org.junit.jupiter.api.Assumptions.assumeTrue(ProcessLimits.system().cpu(spinner.pid()).throttling().isEmpty(),
                "this test runs under a quota of its own");
        sampler.sample(System.currentTimeMillis());
        Thread.sleep(300);

        assertThat(sampler.sample(System.currentTimeMillis())).extracting(ResourceSample::metric)
                .contains(Metric.CPU_CORES).doesNotContain(Metric.CPU_THROTTLED_SHARE);
    }

    @Test
    void should_report_the_page_cache_of_the_process_memory_group_against_its_memory_limit(@TempDir Path proc) throws Exception {
        fakeProcess(proc, 7, "/mqprobe-1/k0-broker-1", Map.of(7L, "/mqprobe-1/k0-broker-1"));
        writeTicks(proc, 7, 100, Map.of(7L, 100L));
        Files.writeString(proc.resolve("self/mountinfo"), "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        Path group = Files.createDirectories(proc.resolve("sys/fs/cgroup/memory/mqprobe-1/k0-broker-1"));
        Files.writeString(group.resolve("memory.limit_in_bytes"), "524288\n");
        Files.writeString(group.resolve("memory.stat"), "cache 300000\nrss 100000\ntotal_cache 300000\ntotal_rss 100000\n");
        ProcessSampler sampler = new ProcessSampler("broker-1", () -> 7, OptionalDouble.empty(), proc, new ProcessLimits(proc, proc));

        ResourceSample pageCache = find(sampler.sample(1_000), Metric.PAGE_CACHE_BYTES);

        assertThat(pageCache.source()).isEqualTo("broker-1");
        assertThat(pageCache.value()).isEqualTo(300000.0);
        assertThat(pageCache.capacity()).hasValue(524288.0);
    }

    @Test
    void should_report_no_page_cache_for_a_process_in_the_root_memory_group(@TempDir Path proc) throws Exception {
        fakeProcess(proc, 7, "/", Map.of(7L, "/"));
        writeTicks(proc, 7, 100, Map.of(7L, 100L));
        Files.writeString(proc.resolve("self/mountinfo"), "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        Path root = Files.createDirectories(proc.resolve("sys/fs/cgroup/memory"));
        Files.writeString(root.resolve("memory.stat"), "cache 300000\ntotal_cache 9000000\n");
        ProcessSampler sampler = new ProcessSampler("broker-1", () -> 7, OptionalDouble.empty(), proc, new ProcessLimits(proc, proc));

        assertThat(sampler.sample(1_000)).extracting(ResourceSample::metric)
                .contains(Metric.RSS_BYTES).doesNotContain(Metric.PAGE_CACHE_BYTES);
    }

    @Test
    void should_count_the_pages_a_child_writes_in_the_page_cache_of_its_memory_group() throws Exception {
        java.util.Optional<io.mqprobe.embedded.isolation.Cgroups> cgroups = io.mqprobe.embedded.isolation.Cgroups.detect();
        org.junit.jupiter.api.Assumptions.assumeTrue(cgroups.isPresent(), "needs root and a cgroup hierarchy");
        String group = "mqprobe-test-pagecache-" + ProcessHandle.current().pid();
        long bytes = 8L << 20;
        long limitBytes = 512L << 20;
        Path dir = Files.createDirectories(Path.of("target", "proc-write-test")).toAbsolutePath();
        Path file = dir.resolve("cached-" + System.nanoTime());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = start(java, "-XX:-UsePerfData", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                WritingChild.class.getName(), file.toString(), Long.toString(bytes));
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
            PrintWriter in = new PrintWriter(child.getOutputStream(), true);
            assertThat(out.readLine()).isEqualTo("ready");
            cgroups.get().create(group);
            cgroups.get().limitMemory(group, limitBytes);
            cgroups.get().move(group, child.pid(), true);
            in.println("go");
            assertThat(out.readLine()).isEqualTo("done");

            ResourceSample pageCache = find(new ProcessSampler("broker-9", child::pid, OptionalDouble.empty())
                    .sample(System.currentTimeMillis()), Metric.PAGE_CACHE_BYTES);

            // the file's pages were brought in after the move, so they are the group's; they stay cached after fsync
            assertThat(pageCache.value()).isBetween((double) bytes, bytes + 64.0 * (1 << 20));
            assertThat(pageCache.capacity()).hasValue((double) limitBytes);
        } finally {
            child.destroyForcibly().waitFor();
            cgroups.get().remove(group);
            Files.deleteIfExists(file);
        }
    }

    /** A /proc with process {@code pid}: its cpu cgroup (v1) and its threads' groups; nothing else limits it. */
    private static void fakeProcess(Path proc, long pid, String group, Map<Long, String> threadGroups) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(Files.createDirectories(proc.resolve("self")).resolve("mountinfo"), "");
        Files.writeString(proc.resolve("meminfo"), "MemTotal: 1024 kB\n");
        Files.writeString(dir.resolve("status"), "VmRSS:\t10 kB\nCpus_allowed_list:\t0-1\n");
        Files.writeString(dir.resolve("io"), "read_bytes: 0\nwrite_bytes: 0\n");
        Files.writeString(dir.resolve("cgroup"), "4:memory:" + group + "\n3:cpu:" + group + "\n");
        for (Map.Entry<Long, String> thread : threadGroups.entrySet()) {
            Path task = Files.createDirectories(dir.resolve("task/" + thread.getKey()));
            Files.writeString(task.resolve("cgroup"), "4:memory:" + group + "\n3:cpu:" + thread.getValue() + "\n");
        }
    }

    private static void writeTicks(Path proc, long pid, long processTicks, Map<Long, Long> threadTicks) throws IOException {
        Path dir = proc.resolve(Long.toString(pid));
        Files.writeString(dir.resolve("stat"), stat(pid, processTicks));
        for (Map.Entry<Long, Long> thread : threadTicks.entrySet()) {
            Files.writeString(dir.resolve("task/" + thread.getKey() + "/stat"), stat(thread.getKey(), thread.getValue()));
        }
    }

    /** A stat line whose utime holds all the ticks. */
    private static String stat(long id, long ticks) {
        return id + " (java) S 1 1 1 0 -1 0 0 0 0 0 " + ticks + " 0 0 0 20 0 1 0 1 1 1\n";
    }

    @Test
    void should_parse_stat_lines_whose_command_holds_spaces_and_parentheses() {
        String stat = "4242 (java (broker) 1) S 1 4242 4242 0 -1 4194560 1234 0 0 0 1500 250 0 0 20 0 57 0 63679 "
                + "3133440000 120000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";

        assertThat(ProcessCounters.parseCpuSeconds(stat)).isCloseTo(17.5, within(1e-9));
        assertThat(ProcessCounters.parseRssBytes("Name:\tjava\nVmRSS:\t  2048 kB\nThreads:\t57\n")).isEqualTo(2048L * 1024);
    }

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }
}
