package io.mqprobe.monitor.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a process may use: CPU cores (its CPU affinity, capped by the cgroup CPU quota, v2
 * {@code cpu.max} or v1 {@code cpu.cfs_quota_us}, of its cgroup and every parent) and memory
 * (cgroup memory limit, else the machine's memory). This is what "100 % CPU" means for a broker
 * started with {@code --spec 2c4g}. Also the page cache its memory cgroup is charged.
 */
public final class ProcessLimits {

    private final Path procRoot;
    private final Path sysRoot;
    /** The cgroup mounts of the last mountinfo read, parsed once per change: parsing every line on every sample took 2.5 % of mqprobe's CPU. */
    private List<String> lastMountinfo = List.of();
    private List<MountPoint> cgroupMounts = List.of();

    /** @param procRoot normally {@code /proc}; @param sysRoot normally {@code /} (cgroup mounts are read from mountinfo) */
    public ProcessLimits(Path procRoot, Path sysRoot) {
        this.procRoot = procRoot;
        this.sysRoot = sysRoot;
    }

    public static ProcessLimits system() {
        return new ProcessLimits(Path.of("/proc"), Path.of("/"));
    }

    /** Cores available to {@code pid}; never more than its CPU affinity, never less than a tiny positive quota. */
    public double cores(long pid) throws IOException {
        return cpu(pid).cores();
    }

    /**
     * What {@code pid} may use of the CPU, and, under a quota, how often that quota ran out: one walk of its cgroups.
     * The counters are the CFS bandwidth counters (v1 and v2 {@code cpu.stat}: {@code nr_periods}, {@code nr_throttled})
     * of the group whose quota binds. A period counts only while the group has work, so throttled over periods says how
     * often the quota, and not the lack of work, stopped the process.
     */
    public CpuLimit cpu(long pid) throws IOException {
        double cores = affinityCores(Files.readString(procRoot.resolve(pid + "/status")));
        double quotaCores = Double.POSITIVE_INFINITY;
        Path tightest = null;
        for (Path dir : cgroupDirs(pid, "cpu")) {
            double quota = quotaCores(dir);
            if (quota < quotaCores) {
                quotaCores = quota;
                tightest = dir;
            }
        }
        String stat = tightest == null ? null : readOrNull(tightest.resolve("cpu.stat"));
        long periods = stat == null ? -1 : statField(stat, "nr_periods");
        long throttled = stat == null ? -1 : statField(stat, "nr_throttled");
        return new CpuLimit(Math.min(cores, quotaCores),
                periods < 0 || throttled < 0 ? Optional.empty() : Optional.of(new CfsPeriods(periods, throttled)));
    }

    /** Cores a process may use, and its quota's throttling counters (empty without a quota). */
    public record CpuLimit(double cores, Optional<CfsPeriods> throttling) {
    }

    /** Cumulative CFS periods with work, and those in which the quota ran out. */
    public record CfsPeriods(long periods, long throttled) {
    }

    private static long statField(String stat, String name) {
        for (String line : stat.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 2 && parts[0].equals(name) && parts[1].matches("[0-9]+")) {
                return Long.parseLong(parts[1]);
            }
        }
        return -1;
    }

    /** Memory limit of {@code pid}'s cgroup (tightest along the path), else the machine's memory. */
    public double memoryBytes(long pid) throws IOException {
        double limit = ProcessCounters.field(Files.readString(procRoot.resolve("meminfo")), "MemTotal:") * 1024.0;
        for (Path dir : cgroupDirs(pid, "memory")) {
            limit = Math.min(limit, memoryLimit(dir));
        }
        return limit;
    }

    /**
     * Page cache charged to {@code pid}'s own memory cgroup: v1 {@code memory.stat} {@code total_cache} (the group and
     * its descendants), else {@code cache}; v2 {@code file}. These are the file pages the group's processes brought in,
     * for a broker mostly its log segments; everything else in the same group is charged to it too. Empty when the
     * process sits in the root memory cgroup, whose figures are the whole machine's, when it shares its group with other
     * processes (a sandbox's one group: the figure is all of theirs, the same for each), or when the group's
     * {@code memory.stat} cannot be read (a v2 group without the memory controller has none).
     */
    public OptionalDouble pageCacheBytes(long pid) throws IOException {
        for (CgroupMembership group : memberships(pid, "memory")) {
            if (group.atRoot() || group.dirsInnermostFirst().isEmpty()) {
                continue;
            }
            Path own = group.dirsInnermostFirst().get(0);
            if (sharedWithOthers(own, pid)) {
                return OptionalDouble.empty();
            }
            String stat = readOrNull(own.resolve("memory.stat"));
            if (stat == null) {
                continue;
            }
            long bytes = group.v2() ? statField(stat, "file") : statField(stat, "total_cache");
            if (bytes < 0 && !group.v2()) {
                bytes = statField(stat, "cache");   // the group's own figure, where the kernel gives no hierarchical one
            }
            if (bytes >= 0) {
                return OptionalDouble.of(bytes);
            }
        }
        return OptionalDouble.empty();
    }

    /** True when the group's {@code cgroup.procs} lists another process than {@code pid}; false when it cannot be read. */
    private static boolean sharedWithOthers(Path group, long pid) {
        String procs = readOrNull(group.resolve("cgroup.procs"));
        return procs != null && procs.lines().map(String::trim).filter(l -> !l.isEmpty()).anyMatch(l -> !l.equals(Long.toString(pid)));
    }

    /**
     * The tightest write throttle on {@code pid}'s cgroups (v1 {@code blkio.throttle.write_bps_device}, v2
     * {@code io.max wbps}), any device, in bytes per second; infinite without one. An isolated broker's disk is
     * as fast as its throttle.
     */
    public double writeBytesPerSecond(long pid) throws IOException {
        double limit = Double.POSITIVE_INFINITY;
        for (Path dir : cgroupDirs(pid, "blkio")) {
            String v1 = readOrNull(dir.resolve("blkio.throttle.write_bps_device"));
            String v2 = readOrNull(dir.resolve("io.max"));
            for (String line : ((v1 == null ? "" : v1) + "\n" + (v2 == null ? "" : v2)).split("\n")) {
                limit = Math.min(limit, writeLimit(line.trim()));
            }
        }
        return limit;
    }

    /** {@code 254:0 10485760} (v1) or {@code 254:0 rbps=max wbps=10485760 ...} (v2); infinite when none. */
    static double writeLimit(String line) {
        String[] parts = line.split("\\s+");
        if (parts.length == 2 && parts[1].matches("[0-9]+") && Long.parseLong(parts[1]) > 0) {
            return Double.parseDouble(parts[1]);
        }
        for (String part : parts) {
            if (part.startsWith("wbps=") && part.substring(5).matches("[0-9]+")) {
                return Double.parseDouble(part.substring(5));
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    static double affinityCores(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return countCpus(line.substring("Cpus_allowed_list:".length()).trim());
            }
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** Counts a cpu list such as {@code 0-3,8,10-11}. */
    static int countCpus(String list) {
        int count = 0;
        for (String part : list.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            count += dash < 0 ? 1 : Integer.parseInt(part.substring(dash + 1).trim()) - Integer.parseInt(part.substring(0, dash).trim()) + 1;
        }
        return count;
    }

    private static double quotaCores(Path dir) {
        String max = readOrNull(dir.resolve("cpu.max"));
        if (max != null) {
            String[] parts = max.trim().split("\\s+");
            if (!parts[0].equals("max") && parts.length == 2) {
                return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
            }
            return Double.POSITIVE_INFINITY;
        }
        String quota = readOrNull(dir.resolve("cpu.cfs_quota_us"));
        String period = readOrNull(dir.resolve("cpu.cfs_period_us"));
        if (quota != null && period != null && Long.parseLong(quota.trim()) > 0) {
            return Double.parseDouble(quota.trim()) / Double.parseDouble(period.trim());
        }
        return Double.POSITIVE_INFINITY;
    }

    private static double memoryLimit(Path dir) {
        String value = readOrNull(dir.resolve("memory.max"));
        if (value == null) {
            value = readOrNull(dir.resolve("memory.limit_in_bytes"));
        }
        if (value == null || value.trim().equals("max")) {
            return Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(value.trim());
    }

    /**
     * The cgroup directories of {@code pid} for a controller, innermost first, up to the mount root:
     * the v1 hierarchy that has the controller, and the v2 unified hierarchy (a quota may be set on either).
     */
    List<Path> cgroupDirs(long pid, String controller) throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (CgroupMembership group : memberships(pid, controller)) {
            dirs.addAll(group.dirsInnermostFirst());
        }
        return dirs;
    }

    /**
     * Where {@code pid} sits in each hierarchy of a controller (v1 with that controller, v2 unified).
     *
     * @param atRoot the process is in the hierarchy's root group ({@code /} in {@code /proc/<pid>/cgroup}); inside a
     *               cgroup namespace that root is a container's group, which cannot be told apart from here
     */
    private record CgroupMembership(boolean v2, boolean atRoot, List<Path> dirsInnermostFirst) {
    }

    private List<CgroupMembership> memberships(long pid, String controller) throws IOException {
        List<CgroupMembership> groups = new ArrayList<>();
        List<MountPoint> mounts = cgroupMounts(Files.readAllLines(procRoot.resolve("self/mountinfo")));
        for (String line : Files.readAllLines(procRoot.resolve(pid + "/cgroup"))) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3) {
                continue;
            }
            boolean v2 = parts[0].equals("0") && parts[1].isEmpty();
            boolean v1 = List.of(parts[1].split(",")).contains(controller);
            if (!v1 && !v2) {
                continue;
            }
            for (MountPoint mp : mounts) {
                if (v2 ? mp.fsType().equals("cgroup2") : mp.fsType().equals("cgroup") && mp.containsController(controller)) {
                    groups.add(new CgroupMembership(v2, parts[2].equals("/"), withParents(mp, parts[2])));
                }
            }
        }
        return groups;
    }

    private synchronized List<MountPoint> cgroupMounts(List<String> mountinfo) {
        if (!mountinfo.equals(lastMountinfo)) {
            cgroupMounts = mountinfo.stream().map(MountPoint::parse)
                    .filter(mp -> mp != null && mp.fsType().startsWith("cgroup")).toList();
            lastMountinfo = mountinfo;
        }
        return cgroupMounts;
    }

    private List<Path> withParents(MountPoint mp, String cgroupPath) {
        // the cgroup path is relative to the namespace root; the mount may expose only a subtree of it
        String relative = cgroupPath.startsWith(mp.root()) ? cgroupPath.substring(mp.root().length()) : cgroupPath;
        Path base = sysRoot.resolve(mp.mountPoint().substring(1));
        Path dir = base.resolve(relative.startsWith("/") ? relative.substring(1) : relative).normalize();
        List<Path> dirs = new ArrayList<>();
        while (dir.startsWith(base)) {
            dirs.add(dir);
            if (dir.equals(base)) {
                break;
            }
            dir = dir.getParent();
        }
        return dirs;
    }

    private static String readOrNull(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return null;
        }
    }

    /** The fields of one {@code /proc/self/mountinfo} line that locate a cgroup hierarchy. */
    private record MountPoint(String root, String mountPoint, String fsType, String superOptions) {
        static MountPoint parse(String line) {
            String[] halves = line.split(" - ", 2);
            if (halves.length < 2) {
                return null;
            }
            String[] left = halves[0].split(" ");
            String[] right = halves[1].split(" ");
            if (left.length < 5 || right.length < 3) {
                return null;
            }
            return new MountPoint(left[3], left[4], right[0], "," + right[2] + ",");
        }

        boolean containsController(String controller) {
            return superOptions.contains("," + controller + ",");
        }
    }
}
