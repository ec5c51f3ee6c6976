package io.mqprobe.embedded.isolation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes what an mqprobe process that died without cleaning up (kill -9) left: cgroups, network
 * namespaces, links. Only names of the form {@code mqprobe-<pid>...} whose owner is dead AND that hold no
 * process (a detached cluster's brokers outlive the {@code cluster up} that made them) are touched.
 */
public final class StaleIsolation {

    private static final Pattern NETNS = Pattern.compile("mqprobe-(\\d+)-.+");
    private static final Pattern LINK = Pattern.compile("mqprobe-([0-9a-z]+)(br|v\\d+|p\\d+|w\\d+|q\\d+)");
    private static final Pattern GROUP = Pattern.compile("mqprobe-(\\d+)");

    private StaleIsolation() {
    }

    /** Removes the stale leftovers this process may remove (as root); returns their names. */
    public static List<String> removeStale() {
        List<String> removed = new ArrayList<>();
        if (!Files.isWritable(Path.of("/sys/fs/cgroup")) && !isRoot()) {
            return removed;
        }
        List<String> namespaces = namespaces();
        for (String ns : namespaces) {
            Matcher m = NETNS.matcher(ns);
            if (m.matches() && dead(Long.parseLong(m.group(1))) && Shell.run("ip", "netns", "pids", ns).isBlank()
                    && Shell.attempt("ip", "netns", "del", ns)) {
                removed.add(ns);
            }
        }
        List<String> remaining = namespaces();
        for (String link : links()) {
            OptionalLong owner = linkOwner(link);
            if (owner.isPresent() && dead(owner.getAsLong())
                    && remaining.stream().noneMatch(ns -> ns.startsWith("mqprobe-" + owner.getAsLong() + "-"))
                    && Shell.attempt("ip", "link", "del", link)) {
                removed.add(link);
            }
        }
        Optional<Cgroups> cgroups = Cgroups.detect();
        if (cgroups.isPresent()) {
            for (String group : cgroups.get().topGroups()) {
                Matcher m = GROUP.matcher(group);
                if (m.matches() && dead(Long.parseLong(m.group(1))) && cgroups.get().pids(group).isEmpty()) {
                    try {
                        cgroups.get().remove(group);
                        removed.add(group);
                    } catch (RuntimeException busy) {
                        // a process is just leaving it: next start
                    }
                }
            }
        }
        return removed;
    }

    static OptionalLong linkOwner(String link) {
        // see BrokerNetwork.ifTag: pid * 10 + n, in base 36
        Matcher m = LINK.matcher(link);
        return m.matches() ? OptionalLong.of(Long.parseLong(m.group(1), 36) / 10) : OptionalLong.empty();
    }

    private static boolean dead(long pid) {
        return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    private static List<String> namespaces() {
        List<String> names = new ArrayList<>();
        for (String line : Shell.run("ip", "netns", "list").split("\n")) {
            if (line.startsWith("mqprobe-")) {
                names.add(line.split(" ")[0]);
            }
        }
        return names;
    }

    private static List<String> links() {
        List<String> names = new ArrayList<>();
        for (String line : Shell.run("ip", "-o", "link", "show").split("\n")) {
            String[] f = line.split(": ");
            if (f.length > 1 && f[1].startsWith("mqprobe-")) {
                names.add(f[1].split("@")[0]);
            }
        }
        return names;
    }

    static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[1].equals("0");
                }
            }
        } catch (java.io.IOException e) {
            return false;
        }
        return false;
    }
}
