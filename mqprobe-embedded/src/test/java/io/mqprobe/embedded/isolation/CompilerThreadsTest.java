package io.mqprobe.embedded.isolation;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class CompilerThreadsTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_find_the_c1_and_c2_compiler_threads_among_a_jvms_threads(@TempDir Path tasks) throws IOException {
        thread(tasks, 100, "java");
        thread(tasks, 101, "C2 CompilerThre");
        thread(tasks, 102, "C1 CompilerThre");
        thread(tasks, 103, "GC Thread#0");
        thread(tasks, 104, "C2 CompilerThre");

        assertThat(CompilerThreads.find(tasks)).containsExactlyInAnyOrder(101L, 102L, 104L);
        assertThat(CompilerThreads.find(tasks.resolve("gone"))).isEmpty();
    }

    /** As root on cgroup v1: a JVM launched right now has its compiler threads moved, and only those. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_move_a_starting_jvms_compiler_threads_and_nothing_else_to_the_compilers_group() throws Exception {
        Optional<Cgroups> cgroups = Cgroups.detect();
        Assumptions.assumeTrue(cgroups.isPresent() && cgroups.get().threadFile("x").isPresent(), "needs root and cgroup v1");
        String owner = Isolation.ownerTag(ProcessHandle.current().pid());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-XX:-UseDynamicNumberOfCompilerThreads", "-XX:CICompilerCount=3",
                "-cp", System.getProperty("java.class.path"), Idle.class.getName()).redirectErrorStream(true).start();
        try {
            CompilerThreads.open(cgroups.get(), owner).orElseThrow().moveWhenStarted(child.pid(), "test");

            Path tasks = Path.of("/proc", Long.toString(child.pid()), "task");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            List<Long> compilers = CompilerThreads.find(tasks);
            while ((compilers.size() < 3 || !compilers.stream().allMatch(tid -> inCompilers(tasks, tid)))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
                compilers = CompilerThreads.find(tasks);
            }

            assertThat(compilers).hasSize(3).allMatch(tid -> inCompilers(tasks, tid));
            assertThat(inCompilers(tasks, child.pid())).as("the main thread").isFalse();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            if (cgroups.get().pids(owner).isEmpty()) {
                cgroups.get().remove(owner);
            }
        }
    }

    private static boolean inCompilers(Path tasks, long tid) {
        return Cgroups.read(tasks.resolve(tid + "/cgroup")).lines()
                .anyMatch(line -> line.matches("\\d+:([a-z]+,)*cpu(,[a-z]+)*:/mqprobe-\\d+/" + CompilerThreads.GROUP));
    }

    private static void thread(Path tasks, long tid, String name) throws IOException {
        Files.writeString(Files.createDirectories(tasks.resolve(Long.toString(tid))).resolve("comm"), name + "\n");
    }

    /** A JVM that does nothing for a while. */
    public static final class Idle {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(30_000);
        }
    }
}
