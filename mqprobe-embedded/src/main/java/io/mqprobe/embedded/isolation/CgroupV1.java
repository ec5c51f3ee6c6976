package io.mqprobe.embedded.isolation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * cgroup v1: one mount per controller ({@code cpu}, {@code cpuset}, {@code memory}, {@code blkio}); a
 * group is a directory of the same name in each.
 */
public record CgroupV1(Map<String, Path> mounts) implements Cgroups {

    private static final long PERIOD_US = 100_000;
    private static final List<String> CONTROLLERS = List.of("cpu", "cpuset", "memory", "blkio");

    public CgroupV1 {
        mounts = Map.copyOf(mounts);
    }

    @Override
    public String version() {
        return "v1";
    }

    @Override
    public void create(String group) {
        for (String controller : CONTROLLERS) {
            Path root = mounts.get(controller);
            if (root == null) {
                continue;
            }
            Path dir = root;
            for (String part : group.split("/")) {
                Path parent = dir;
                dir = dir.resolve(part);
                if (!Files.isDirectory(dir)) {
                    try {
                        Files.createDirectories(dir);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException("cannot create cgroup " + dir, e);
                    }
                    if (controller.equals("cpuset")) {
                        // a v1 cpuset takes no task until it has CPUs and memory nodes: inherit the parent's
                        Cgroups.write(dir.resolve("cpuset.cpus"), Cgroups.read(parent.resolve("cpuset.cpus")));
                        Cgroups.write(dir.resolve("cpuset.mems"), Cgroups.read(parent.resolve("cpuset.mems")));
                    }
                }
            }
        }
    }

    @Override
    public void limitCpu(String group, double cores, String cpus) {
        Path cpu = mounts.get("cpu").resolve(group);
        Cgroups.write(cpu.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
        Cgroups.write(cpu.resolve("cpu.cfs_quota_us"), cores > 0 ? Long.toString(Math.round(cores * PERIOD_US)) : "-1");
        if (cpus != null) {
            Cgroups.write(mounts.get("cpuset").resolve(group).resolve("cpuset.cpus"), cpus);
        }
    }

    @Override
    public void limitMemory(String group, long bytes) {
        Cgroups.write(mounts.get("memory").resolve(group).resolve("memory.limit_in_bytes"), Long.toString(bytes));
    }

    @Override
    public void limitWrites(String group, String majorMinor, long bytesPerSecond) {
        // v1 takes "0" as "no limit" for the device
        Cgroups.write(mounts.get("blkio").resolve(group).resolve("blkio.throttle.write_bps_device"),
                majorMinor + " " + bytesPerSecond);
    }

    @Override
    public List<String> taskFiles(String group, boolean withMemory) {
        List<String> files = new ArrayList<>();
        for (String controller : CONTROLLERS) {
            if (mounts.containsKey(controller) && (withMemory || !controller.equals("memory"))) {
                files.add(mounts.get(controller).resolve(group).resolve("cgroup.procs").toString());
            }
        }
        return files;
    }

    @Override
    public List<Long> pids(String group) {
        List<Long> pids = new ArrayList<>();
        for (String controller : CONTROLLERS) {
            if (mounts.containsKey(controller)) {
                Cgroups.pidsUnder(mounts.get(controller).resolve(group)).stream().filter(p -> !pids.contains(p)).forEach(pids::add);
            }
        }
        return pids;
    }

    @Override
    public void remove(String group) {
        for (String controller : CONTROLLERS) {
            if (mounts.containsKey(controller)) {
                Cgroups.removeTree(mounts.get(controller).resolve(group));
            }
        }
    }

    @Override
    public List<String> topGroups() {
        List<String> names = new ArrayList<>();
        for (String controller : CONTROLLERS) {
            if (mounts.containsKey(controller)) {
                Cgroups.childNames(mounts.get(controller)).stream().filter(n -> !names.contains(n)).forEach(names::add);
            }
        }
        return names;
    }

    @Override
    public Optional<Path> threadFile(String group) {
        return Optional.of(mounts.get("cpu").resolve(group).resolve("tasks"));
    }
}
