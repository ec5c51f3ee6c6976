package io.mqprobe.embedded.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The load generator (this JVM) in a cgroup of its own with a CPU quota, so that a saturated client
 * and a saturated broker are told apart. Closing moves this process back where it came from and
 * removes the group.
 */
public final class ClientCgroup implements AutoCloseable {

    private final Cgroups cgroups;
    private final String group;
    private final List<String> originalTaskFiles;
    private final double cores;
    private final String cpus;

    private ClientCgroup(Cgroups cgroups, String group, List<String> originalTaskFiles, double cores, String cpus) {
        this.cgroups = cgroups;
        this.group = group;
        this.originalTaskFiles = originalTaskFiles;
        this.cores = cores;
        this.cpus = cpus;
    }

    /** Moves this JVM into {@code mqprobe-<pid>/client} limited to {@code cores} on {@code cpus}. */
    public static ClientCgroup confine(Cgroups cgroups, double cores, String cpus) {
        long pid = ProcessHandle.current().pid();
        String group = io.mqprobe.embedded.Isolation.ownerTag(pid) + "/client";
        List<String> original = originalTaskFiles(cgroups);
        cgroups.create(group);
        cgroups.limitCpu(group, cores, cpus);
        cgroups.move(group, pid, false);
        ClientCgroup client = new ClientCgroup(cgroups, group, original, cores, cpus);
        Runtime.getRuntime().addShutdownHook(new Thread(client::close, "mqprobe-client-cgroup"));
        return client;
    }

    public double cores() {
        return cores;
    }

    public String cpus() {
        return cpus;
    }

    @Override
    public synchronized void close() {
        long pid = ProcessHandle.current().pid();
        for (String file : originalTaskFiles) {
            try {
                Files.writeString(Path.of(file), Long.toString(pid));
            } catch (IOException e) {
                // the original group is gone: the root of the hierarchy takes the process instead
            }
        }
        try {
            cgroups.remove(group);
        } catch (RuntimeException e) {
            // a thread still in it (racing exit): the next start removes the stale group
        }
    }

    /** Where this process sits now, per hierarchy, from {@code /proc/self/cgroup}. */
    private static List<String> originalTaskFiles(Cgroups cgroups) {
        List<String> files = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] f = line.split(":", 3);
                String path = f[2].startsWith("/") ? f[2].substring(1) : f[2];
                if (cgroups instanceof CgroupV1 v1) {
                    for (String controller : f[1].split(",")) {
                        if (!controller.equals("memory") && v1.mounts().containsKey(controller)) {
                            files.add(v1.mounts().get(controller).resolve(path).resolve("cgroup.procs").toString());
                        }
                    }
                } else if (cgroups instanceof CgroupV2 v2 && f[0].equals("0")) {
                    files.add(v2.root().resolve(path).resolve("cgroup.procs").toString());
                }
            }
        } catch (IOException e) {
            // nothing to return to: the root takes the process on close
        }
        return files;
    }
}
