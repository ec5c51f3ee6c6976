package io.mqprobe.embedded.isolation;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Moves the JIT compiler threads of confined JVMs (brokers and mqprobe itself) out of their CPU quotas into
 * {@code mqprobe-<pid>/compilers}, a group without one.
 *
 * <p>Why: a cold JVM compiles its hot path during its first minutes. Under a half-core quota that compilation
 * takes its share of the quota from the work being measured and stretches over minutes, so consecutive steps and
 * runs met JVMs at different points of their warm-up. For example, three copies of one scenario in one run reached
 * ceilings of 146, 213 and 264 MB/s. A production broker finished compiling long ago. The compile time stays
 * visible (as {@code jit.ms_per_s}), and the CPU figure of a process counts only the threads inside its quota.
 * Only on cgroup v1, where single threads can change groups.
 */
public final class CompilerThreads {

    static final String GROUP = "compilers";
    /** HotSpot names them {@code C1 CompilerThread0}, {@code C2 CompilerThread1}, ...; comm keeps 15 characters. */
    private static final List<String> NAMES = List.of("C1 CompilerThre", "C2 CompilerThre");
    private static final long POLL_MS = 20;
    private static final long SETTLE_MS = 1_000;
    private static final long START_BOUND_MS = 30_000;

    private final Path threadFile;

    private CompilerThreads(Path threadFile) {
        this.threadFile = threadFile;
    }

    /**
     * The compilers group of {@code owner} ({@code mqprobe-<pid>}), created when missing.
     *
     * @return empty on cgroup v2
     */
    static Optional<CompilerThreads> open(Cgroups cgroups, String owner) {
        return cgroups.openThreadGroup(owner + "/" + GROUP).map(CompilerThreads::new);
    }

    /** Moves the compiler threads {@code pid} has now; returns how many moved. */
    int move(long pid) {
        return Cgroups.moveThreads(threadFile, find(Path.of("/proc", Long.toString(pid), "task")));
    }

    /**
     * Moves a just-launched JVM's compiler threads as soon as its VM has created them, on a daemon thread,
     * so launching does not wait. Brokers start with a fixed set of compiler threads
     * ({@code -XX:-UseDynamicNumberOfCompilerThreads}), all created at VM start, so the sweep after the first move
     * catches them. A JVM that adds threads later adds them from a compiler thread, which passes its group on.
     * Gives up after 30 s or when the process is gone.
     */
    void moveWhenStarted(long pid, String node) {
        Thread mover = new Thread(() -> {
            long deadline = System.currentTimeMillis() + START_BOUND_MS;
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            try {
                while (process.isPresent() && process.get().isAlive() && System.currentTimeMillis() < deadline) {
                    if (move(pid) > 0) {
                        // the VM creates them one after another: one more sweep once it surely has all
                        Thread.sleep(SETTLE_MS);
                        move(pid);
                        return;
                    }
                    Thread.sleep(POLL_MS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "mqprobe-compilers-" + node);
        mover.setDaemon(true);
        mover.start();
    }

    /** Ids of the compiler threads under {@code taskDir} ({@code /proc/<pid>/task}). */
    static List<Long> find(Path taskDir) {
        return Cgroups.threadsNamed(taskDir, tid -> true, NAMES::contains);
    }
}
