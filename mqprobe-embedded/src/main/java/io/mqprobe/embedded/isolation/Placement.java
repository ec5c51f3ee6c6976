package io.mqprobe.embedded.isolation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a node's process is put before its JVM starts: the cgroup task files it joins and the network
 * namespace it enters. {@link #NONE} starts it where mqprobe runs.
 *
 * @param cgroupTaskFiles the {@code cgroup.procs} files the process writes its pid into before exec
 * @param netns           the network namespace to run in, or {@code null}
 */
public record Placement(List<String> cgroupTaskFiles, String netns) {

    public static final Placement NONE = new Placement(List.of(), null);

    public Placement {
        cgroupTaskFiles = List.copyOf(cgroupTaskFiles);
    }

    /**
     * The command prefix that places the JVM: a shell joins the cgroups (so not one thread of the JVM runs
     * outside them, as it would if moved after start) and execs, keeping the pid; then {@code ip netns exec}
     * enters the namespace and execs too. In that order: {@code ip netns exec} remounts /sys for the
     * namespace, which hides the cgroup mounts.
     */
    public List<String> prefix() {
        StringBuilder join = new StringBuilder();
        for (String file : cgroupTaskFiles) {
            join.append("echo $$ > '").append(file).append("' && ");
        }
        List<String> cmd = new ArrayList<>();
        if (!cgroupTaskFiles.isEmpty()) {
            cmd.addAll(List.of("/bin/sh", "-c", join + "exec \"$@\"", "mqprobe-place"));
        }
        if (netns != null) {
            cmd.addAll(List.of("ip", "netns", "exec", netns));
        }
        return cmd;
    }
}
