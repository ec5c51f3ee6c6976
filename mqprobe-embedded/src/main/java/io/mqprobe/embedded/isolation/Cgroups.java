package io.mqprobe.embedded.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A cgroup hierarchy, v1 (a mount per controller) or v2 (one unified tree), behind one interface. Group
 * names are paths relative to the hierarchy's root ({@code mqprobe-4242/broker-1}).
 */
public sealed interface Cgroups permits CgroupV1, CgroupV2 {

    /** {@code v1} or {@code v2}. */
    String version();

    /** Creates the group and its parents, each able to take the limits below. */
    void create(String group);

    /**
     * A CPU quota of {@code cores} (period 100 ms; none when {@code cores} is 0), and, when {@code cpus} is not null,
     * the CPUs it may run on (cpuset list form {@code 0-1,3}).
     */
    void limitCpu(String group, double cores, String cpus);

    void limitMemory(String group, long bytes);

    /** Throttles writes to block device {@code majorMinor}; 0 lifts the throttle. */
    void limitWrites(String group, String majorMinor, long bytesPerSecond);

    /**
     * The {@code cgroup.procs} files a process writes its pid into to join the group. {@code withMemory}
     * false leaves it in its memory group (the load generator keeps the memory limits it runs under).
     */
    List<String> taskFiles(String group, boolean withMemory);

    /** Pids in the group and its descendants. */
    List<Long> pids(String group);

    /** Removes the group and its descendants, innermost first; they must hold no process. */
    void remove(String group);

    /** Names of the groups directly under the root. */
    List<String> topGroups();

    /**
     * The file one thread's id is written to, to move that thread alone into the group's CPU controller (v1
     * {@code tasks}); empty on v2, where all threads of a process share its domain group.
     */
    Optional<Path> threadFile(String group);

    /**
     * The thread file of {@code group} (see {@link #threadFile}), the group created when missing; empty on v2, where
     * nothing is created.
     */
    default Optional<Path> openThreadGroup(String group) {
        Optional<Path> file = threadFile(group);
        file.ifPresent(f -> create(group));
        return file;
    }

    /** Moves {@code pid} (all its threads) into the group. */
    default void move(String group, long pid, boolean withMemory) {
        for (String file : taskFiles(group, withMemory)) {
            write(Path.of(file), Long.toString(pid));
        }
    }

    /**
     * The hierarchy mounted on this machine, when this process may create groups in it (root) and it has
     * the cpu and memory controllers. v1 wins when its controllers are mounted (a hybrid system's v2 tree
     * then has none).
     *
     * @return empty with no usable hierarchy; {@link #unusableReason()} says why
     */
    static Optional<Cgroups> detect() {
        return detect(Path.of("/proc/self/mountinfo"));
    }

    static Optional<Cgroups> detect(Path mountInfo) {
        Map<String, Path> v1 = new HashMap<>();
        Path v2 = null;
        try {
            for (String line : Files.readAllLines(mountInfo)) {
                String[] halves = line.split(" - ", 2);
                if (halves.length < 2) {
                    continue;
                }
                String[] left = halves[0].split(" ");
                String[] right = halves[1].split(" ");
                Path mountPoint = Path.of(left[4]);
                if (right[0].equals("cgroup") && right.length > 2) {
                    for (String option : right[2].split(",")) {
                        v1.putIfAbsent(option, mountPoint);
                    }
                } else if (right[0].equals("cgroup2")) {
                    v2 = mountPoint;
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        if (v1.containsKey("cpu") && v1.containsKey("memory") && v1.containsKey("cpuset")) {
            CgroupV1 cg = new CgroupV1(v1);
            return Files.isWritable(v1.get("cpu")) ? Optional.of(cg) : Optional.empty();
        }
        if (v2 != null && Files.isWritable(v2)) {
            String controllers = read(v2.resolve("cgroup.controllers"));
            if (controllers.contains("cpu") && controllers.contains("memory")) {
                return Optional.of(new CgroupV2(v2));
            }
        }
        return Optional.empty();
    }

    /** Why {@link #detect()} found nothing, in a few words. */
    static String unusableReason() {
        if (!StaleIsolation.isRoot()) {
            return "not running as root";
        }
        return "no writable cgroup hierarchy with the cpu and memory controllers";
    }

    static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            return "";
        }
    }

    static void write(Path file, String value) {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write '" + value + "' to " + file, e);
        }
    }

    /** Pids listed in {@code cgroup.procs} under {@code dir}, recursively. */
    static List<Long> pidsUnder(Path dir) {
        List<Long> pids = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return pids;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(f -> f.getFileName().toString().equals("cgroup.procs")).forEach(f ->
                    read(f).lines().filter(l -> !l.isBlank()).forEach(l -> pids.add(Long.parseLong(l.trim()))));
        } catch (IOException | UncheckedIOException e) {
            // a group removed while we walked holds no process
        }
        return pids;
    }

    /** rmdir of a group tree, innermost first (cgroupfs refuses to delete its control files: only directories go). */
    static void removeTree(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> dirs = all.filter(Files::isDirectory).sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList();
            for (Path d : dirs) {
                deleteDir(d);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove cgroup " + dir, e);
        }
    }

    private static void deleteDir(Path d) throws IOException {
        try {
            Files.delete(d);
        } catch (java.nio.file.DirectoryNotEmptyException notCgroupfs) {
            // a plain directory (a test's fake cgroupfs) holds the control files as real files
            try (Stream<Path> files = Files.list(d)) {
                for (Path f : files.toList()) {
                    if (Files.isRegularFile(f)) {
                        Files.delete(f);
                    }
                }
            }
            Files.delete(d);
        }
    }

    /**
     * Ids of the threads under {@code taskDir} ({@code /proc/<pid>/task}) that {@code consider} lets through and whose
     * name as the kernel keeps it (15 characters) {@code named} accepts; none when the process is gone.
     */
    static List<Long> threadsNamed(Path taskDir, java.util.function.LongPredicate consider,
                                   java.util.function.Predicate<String> named) {
        List<Long> tids = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(taskDir)) {
            for (Path task : tasks.toList()) {
                long tid = Long.parseLong(task.getFileName().toString());
                if (consider.test(tid) && named.test(read(task.resolve("comm")))) {
                    tids.add(tid);
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
        return tids;
    }

    /** Writes each thread id to {@code threadFile} (v1 {@code tasks}); returns how many moved (an ended thread does not). */
    static int moveThreads(Path threadFile, List<Long> tids) {
        int moved = 0;
        for (long tid : tids) {
            try {
                Files.writeString(threadFile, Long.toString(tid));
                moved++;
            } catch (IOException e) {
                // the thread (or its process) ended meanwhile: nothing to move
            }
        }
        return moved;
    }

    static List<String> childNames(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory).map(p -> p.getFileName().toString()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
