package io.mqprobe.embedded.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * cgroup v2: one tree ({@code cpu.max}, {@code cpuset.cpus}, {@code memory.max}, {@code io.max}). Processes
 * live only in leaf groups, and each parent delegates the controllers to its children through
 * {@code cgroup.subtree_control}.
 */
public record CgroupV2(Path root) implements Cgroups {

    private static final long PERIOD_US = 100_000;
    private static final String CONTROLLERS = "+cpu +cpuset +memory +io";

    @Override
    public String version() {
        return "v2";
    }

    @Override
    public void create(String group) {
        Path dir = root;
        for (String part : group.split("/")) {
            enableControllers(dir);
            dir = dir.resolve(part);
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create cgroup " + dir, e);
            }
        }
    }

    /** One write per controller: a kernel without one of them (io on some VMs) still takes the others. */
    private static void enableControllers(Path dir) {
        String available = Cgroups.read(dir.resolve("cgroup.controllers"));
        for (String c : CONTROLLERS.split(" ")) {
            if (available.isEmpty() || available.contains(c.substring(1))) {
                try {
                    Files.writeString(dir.resolve("cgroup.subtree_control"), c);
                } catch (IOException e) {
                    // not delegable here; the limit that needs it fails later with the file's name
                }
            }
        }
    }

    @Override
    public void limitCpu(String group, double cores, String cpus) {
        Cgroups.write(root.resolve(group).resolve("cpu.max"), (cores > 0 ? Long.toString(Math.round(cores * PERIOD_US)) : "max")
                + " " + PERIOD_US);
        if (cpus != null) {
            Cgroups.write(root.resolve(group).resolve("cpuset.cpus"), cpus);
        }
    }

    @Override
    public void limitMemory(String group, long bytes) {
        Cgroups.write(root.resolve(group).resolve("memory.max"), Long.toString(bytes));
    }

    @Override
    public void limitWrites(String group, String majorMinor, long bytesPerSecond) {
        String limit = bytesPerSecond <= 0 ? "max" : Long.toString(bytesPerSecond);
        Cgroups.write(root.resolve(group).resolve("io.max"), String.format(Locale.ROOT, "%s wbps=%s", majorMinor, limit));
    }

    @Override
    public List<String> taskFiles(String group, boolean withMemory) {
        // one tree: the memory controller comes with the group (a v2 process cannot sit in two groups)
        return List.of(root.resolve(group).resolve("cgroup.procs").toString());
    }

    @Override
    public List<Long> pids(String group) {
        return Cgroups.pidsUnder(root.resolve(group));
    }

    @Override
    public void remove(String group) {
        Cgroups.removeTree(root.resolve(group));
    }

    @Override
    public List<String> topGroups() {
        return Cgroups.childNames(root);
    }

    /**
     * A threaded subtree could split them (the quota on a threaded child of the node's group, the memory limit on
     * the group): not built, so on v2 a confined JVM compiles under its quota.
     */
    @Override
    public Optional<Path> threadFile(String group) {
        return Optional.empty();
    }
}
