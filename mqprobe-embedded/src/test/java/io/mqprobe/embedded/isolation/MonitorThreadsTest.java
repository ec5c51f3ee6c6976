package io.mqprobe.embedded.isolation;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class MonitorThreadsTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_find_the_monitor_threads_among_a_jvms_threads_and_look_at_each_in_two_sweeps(@TempDir Path tasks) throws IOException {
        thread(tasks, 100, "java");
        thread(tasks, 101, "mqprobe-monitor");       // "mqprobe-monitor-/proc broker-1", cut to 15 characters
        thread(tasks, 102, "mqprobe-jfr-bro");
        thread(tasks, 103, "mqprobe-result-");
        thread(tasks, 104, "JFR Thread Samp");
        thread(tasks, 105, "RMI TCP Connect");
        thread(tasks, 106, "kafka-producer-");       // the load
        thread(tasks, 107, "C2 CompilerThre");       // the compilers' own group
        thread(tasks, 108, "mqprobe-send-1");
        Map<Long, Integer> looks = new HashMap<>();

        assertThat(MonitorThreads.find(tasks, looks)).containsExactlyInAnyOrder(101L, 102L, 103L, 104L, 105L);
        assertThat(looks).hasSize(9);
        thread(tasks, 109, "JMX server conn");
        assertThat(MonitorThreads.find(tasks, looks)).as("the second look").containsExactlyInAnyOrder(101L, 102L, 103L, 104L, 105L, 109L);
        assertThat(MonitorThreads.find(tasks, looks)).as("only the thread looked at once").containsExactly(109L);
        assertThat(MonitorThreads.find(tasks, looks)).isEmpty();
        assertThat(MonitorThreads.find(tasks.resolve("gone"), looks)).isEmpty();
    }

    /** A thread is born with its creator's name ("java", the broker's main thread) and takes its own when it runs. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_find_a_monitor_thread_that_was_still_unnamed_when_first_looked_at(@TempDir Path tasks) throws IOException {
        thread(tasks, 200, "java");
        Map<Long, Integer> looks = new HashMap<>();
        assertThat(MonitorThreads.find(tasks, looks)).isEmpty();

        thread(tasks, 200, "RMI TCP Accept-");

        assertThat(MonitorThreads.find(tasks, looks)).containsExactly(200L);
    }

    /** As root on cgroup v1: a monitor thread of this JVM started after the watch begins is swept out; a load thread is not. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_sweep_a_monitor_thread_started_later_into_the_monitors_group_and_leave_a_load_thread() throws Exception {
        Optional<Cgroups> cgroups = Cgroups.detect();
        Assumptions.assumeTrue(cgroups.isPresent() && cgroups.get().threadFile("x").isPresent(), "needs root and cgroup v1");
        String owner = Isolation.ownerTag(ProcessHandle.current().pid()) + "-monitors-test";
        long pid = ProcessHandle.current().pid();
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong monitorTid = new AtomicLong();
        AtomicLong loadTid = new AtomicLong();
        try (MonitorThreads monitors = MonitorThreads.open(cgroups.get(), owner).orElseThrow()) {
            monitors.watch(pid);
            Thread monitor = parked("mqprobe-monitor-test", monitorTid, done);
            Thread load = parked("mqprobe-send-test", loadTid, done);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!inMonitors(pid, monitorTid.get(), owner) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }

            assertThat(inMonitors(pid, monitorTid.get(), owner)).as("the monitor thread").isTrue();
            assertThat(inMonitors(pid, loadTid.get(), owner)).as("the load thread").isFalse();
            done.countDown();
            monitor.join(5_000);
            load.join(5_000);
        } finally {
            done.countDown();
            moveBack(cgroups.get(), owner + "/" + MonitorThreads.GROUP);
            cgroups.get().remove(owner);
        }
    }

    /** Threads of this JVM still in the group go back to the main thread's cpu group, so the group can go. */
    private static void moveBack(Cgroups cgroups, String group) throws IOException {
        Path tasks = cgroups.threadFile(group).orElseThrow();
        String mainGroup = Cgroups.read(Path.of("/proc/self/task", Long.toString(ProcessHandle.current().pid()), "cgroup")).lines()
                .filter(line -> line.matches("\\d+:([a-z]+,)*cpu(,[a-z]+)*:.*")).map(line -> line.split(":", 3)[2]).findFirst().orElse("/");
        Path back = tasks.getParent().getParent().getParent().resolve(mainGroup.substring(1)).resolve("tasks");
        for (String tid : Cgroups.read(tasks).lines().filter(l -> !l.isBlank()).toList()) {
            try {
                Files.writeString(back, tid.trim());
            } catch (IOException e) {
                // the thread ended
            }
        }
    }

    /** A thread that records its id and waits. */
    private static Thread parked(String name, AtomicLong tid, CountDownLatch done) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                tid.set(Long.parseLong(Path.of("/proc/thread-self").toRealPath().getFileName().toString()));
                started.countDown();
                done.await(20, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                started.countDown();
            }
        }, name);
        t.start();
        started.await(5, TimeUnit.SECONDS);
        return t;
    }

    private static boolean inMonitors(long pid, long tid, String owner) {
        return Cgroups.read(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "cgroup")).lines()
                .anyMatch(line -> line.matches("\\d+:([a-z]+,)*cpu(,[a-z]+)*:/" + owner + "/" + MonitorThreads.GROUP));
    }

    private static void thread(Path tasks, long tid, String name) throws IOException {
        Files.writeString(Files.createDirectories(tasks.resolve(Long.toString(tid))).resolve("comm"), name + "\n");
    }
}
