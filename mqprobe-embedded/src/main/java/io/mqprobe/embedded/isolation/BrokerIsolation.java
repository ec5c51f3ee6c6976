package io.mqprobe.embedded.isolation;


import io.mqprobe.api.InstanceSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The nodes of one cluster each in a cgroup {@code mqprobe-<pid>/k<n>-<node>} (CPU quota and cores, memory
 * limit, disk write throttle) and, with a network shape, each in a network namespace of its own
 * ({@code mqprobe-<pid>-k<n>-<node>}); {@code n} tells apart the isolated clusters of one process.
 * Everything is named with the creating process's tag so that a later start can tell stale leftovers
 * (owner dead, nothing inside) from the live resources of other runs.
 */
public final class BrokerIsolation implements Isolation {

    private static final String SCOPE = "isolation.scope";
    private static final int MAX_SCOPES = 10;
    private static final java.util.Set<Integer> LIVE_SCOPES = new java.util.HashSet<>();
    private static final String NODES = "isolation.nodes";
    private static final String SPEC = "isolation.spec";
    private static final String CPUS = "isolation.cpus";
    private static final String DEVICE = "isolation.disk.device";
    private static final String DISK = "isolation.disk.bytes.per.second";
    private static final String SUBNET = "isolation.net.subnet";
    private static final String SHAPE = "isolation.net.shape";

    private final String scope;
    private final List<String> nodes;
    private final Cgroups cgroups;
    private final InstanceSpec spec;
    private final List<String> cpus;
    private final String device;
    private final long diskBytesPerSecond;
    private final BrokerNetwork network;
    private final Optional<CompilerThreads> compilers;
    /** Where the nodes write (their run dir); null for a cluster attached only to be removed. */
    private final Path dataDir;
    /** Keeps the nodes' dirty page cache within their memory groups on v1; opened with the first node. */
    private WritebackKeeper writeback;
    /** Sweeps the JMX and recording threads of the nodes this process starts out of their quotas; opened with the first. */
    private MonitorThreads monitors;
    private boolean closed;

    private BrokerIsolation(String scope, List<String> nodes, Cgroups cgroups, InstanceSpec spec, List<String> cpus,
                            String device, long diskBytesPerSecond, BrokerNetwork network, Optional<CompilerThreads> compilers,
                            Path dataDir) {
        this.scope = scope;
        this.nodes = List.copyOf(nodes);
        this.cgroups = cgroups;
        this.spec = spec;
        this.cpus = List.copyOf(cpus);
        this.device = device;
        this.diskBytesPerSecond = diskBytesPerSecond;
        this.network = network;
        this.compilers = compilers;
        this.dataDir = dataDir;
    }

    /**
     * Confines the nodes as asked. Without root, cgroups or namespaces, says so through {@code notice} in one
     * line and returns {@link Isolation#none()}: the cluster then runs as it always did.
     *
     * @param cpuPlan who gets which cores (from {@link #plan}); the brokers' part is applied here
     * @throws io.mqprobe.api.UsageException     never here: oversubscription is refused by {@link #plan}
     * @throws IsolationException naming the command or file that failed; nothing is left behind
     */
    public static Isolation open(IsolationOptions options, CpuPlan cpuPlan, List<String> nodeNames, Path runDir,
                                 Consumer<String> notice) {
        if (!options.requested()) {
            return Isolation.none();
        }
        Optional<Cgroups> found = Cgroups.detect();
        if (found.isEmpty()) {
            notice.accept("isolation off: " + Cgroups.unusableReason() + "; brokers and load generator share the machine");
            return Isolation.none();
        }
        StaleIsolation.removeStale();
        Cgroups cgroups = found.get();
        String scope = Isolation.ownerTag(ProcessHandle.current().pid()) + "-k" + claimScope();
        String device = null;
        if (options.brokerDiskBytesPerSecond() > 0) {
            device = BlockDevice.holding(runDir).orElse(null);
            if (device == null) {
                notice.accept("disk throttle off: " + runDir + " is not on a block device (tmpfs?)");
            }
        }
        List<String> cpus = cpuPlan.brokerCpus();
        BrokerIsolation isolation = new BrokerIsolation(scope, nodeNames, cgroups, options.brokerSpec(), cpus, device,
                options.brokerDiskBytesPerSecond(), null, Optional.empty(), runDir);
        try {
            isolation.createGroups();
            Optional<CompilerThreads> compilers = compilersOf(cgroups, scope, options.brokerSpec());
            BrokerNetwork network = options.brokerNet() == null ? null : BrokerNetwork.create(scope, options.brokerNet(), nodeNames);
            return new BrokerIsolation(scope, nodeNames, cgroups, options.brokerSpec(), cpus, device,
                    options.brokerDiskBytesPerSecond(), network, compilers, runDir);
        } catch (RuntimeException e) {
            isolation.close();
            throw e;
        }
    }

    /**
     * Who gets which cores, checked before anything is created.
     *
     * @throws io.mqprobe.api.UsageException in one line when the specs oversubscribe the machine and that is not allowed
     */
    public static CpuPlan plan(IsolationOptions options, int brokers) {
        List<Integer> machine = machineCpus();
        if (options.brokerSpec() == null && options.clientCores() == 0) {
            return CpuPlan.unlimited(machine, brokers);
        }
        return CpuPlan.of(machine, brokers, CpuPlan.cores(options.brokerSpec()), options.clientCores(), options.allowOversubscribe());
    }

    /** The CPUs of the root cpuset, else 0..n-1. */
    public static List<Integer> machineCpus() {
        for (Path file : List.of(Path.of("/sys/fs/cgroup/cpuset/cpuset.cpus"), Path.of("/sys/fs/cgroup/cpuset.cpus.effective"))) {
            String list = Cgroups.read(file);
            if (!list.isEmpty()) {
                return CpuPlan.parseList(list);
            }
        }
        List<Integer> cpus = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            cpus.add(i);
        }
        return cpus;
    }

    /**
     * The isolation of a cluster started by another mqprobe process, from its state file's settings. With {@code runDir}
     * (where its running nodes write), this process keeps their dirty pages while it holds the cluster; null for one
     * only to be removed.
     */
    public static Isolation attach(Map<String, String> settings, Path runDir) {
        String scope = settings.get(SCOPE);
        Optional<Cgroups> cgroups = Cgroups.detect();
        if (scope == null || cgroups.isEmpty()) {
            return Isolation.none();
        }
        List<String> nodes = Arrays.asList(settings.get(NODES).split(","));
        String spec = settings.get(SPEC);
        String subnet = settings.get(SUBNET);
        BrokerNetwork network = subnet == null ? null : BrokerNetwork.existing(scope, subnet, NetShape.parse(settings.get(SHAPE)), nodes);
        InstanceSpec instanceSpec = spec == null ? null : InstanceSpec.parse(spec);
        BrokerIsolation attached = new BrokerIsolation(scope, nodes, cgroups.get(), instanceSpec,
                Arrays.asList(settings.getOrDefault(CPUS, "").split(";")), settings.get(DEVICE),
                Long.parseLong(settings.getOrDefault(DISK, "0")), network, compilersOf(cgroups.get(), scope, instanceSpec), runDir);
        attached.keepWriteback();
        return attached;
    }

    /** Only a quota makes a JVM compile slowly. */
    private static Optional<CompilerThreads> compilersOf(Cgroups cgroups, String scope, InstanceSpec spec) {
        return spec == null ? Optional.empty() : CompilerThreads.open(cgroups, ownerOf(scope));
    }

    /** A node not named at {@link #open} (a RocketMQ name server) runs unconfined, on loopback. */
    @Override
    public String host(String node) {
        return network == null || !nodes.contains(node) ? "127.0.0.1" : network.host(node);
    }

    @Override
    public Placement placement(String node) {
        if (!nodes.contains(node)) {
            return Placement.NONE;
        }
        return new Placement(cgroups.taskFiles(group(node), true), network == null ? null : network.namespace(node));
    }

    @Override
    public synchronized void started(String node, long pid) {
        if (nodes.contains(node) && pid > 0 && compilers.isPresent() && !closed) {
            compilers.get().moveWhenStarted(pid, node);
            if (monitors == null) {
                monitors = MonitorThreads.open(cgroups, owner()).orElse(null);
            }
            if (monitors != null) {
                monitors.watch(pid);
            }
            keepWriteback();
        }
    }

    private synchronized void keepWriteback() {
        if (writeback == null && keepsWriteback() && !closed) {
            writeback = WritebackKeeper.open(cgroups, nodes.stream().map(this::group).toList(), dataDir).orElse(null);
        }
    }

    @Override
    public Optional<InstanceSpec> spec() {
        return Optional.ofNullable(spec);
    }

    @Override
    public void partition(String node) {
        if (network == null) {
            Isolation.super.partition(node);
        }
        network.partition(node);
    }

    @Override
    public void heal(String node) {
        if (network == null) {
            Isolation.super.partition(node);
        }
        network.heal(node);
    }

    /** 0 restores the cluster's own {@code --broker-disk} throttle (or none). */
    @Override
    public void throttleWrites(String node, long bytesPerSecond) {
        String dev = device != null ? device : BlockDevice.holding(Path.of(System.getProperty("java.io.tmpdir"))).orElse(null);
        if (dev == null) {
            throw new IsolationException("no block device under the run dir to throttle");
        }
        cgroups.limitWrites(group(node), dev, bytesPerSecond > 0 ? bytesPerSecond : diskBytesPerSecond);
    }

    @Override
    public synchronized void serving() {
        if (spec == null || closed) {
            return;
        }
        for (int i = 0; i < nodes.size(); i++) {
            cgroups.limitCpu(group(nodes.get(i)), spec.cpuCores(), cpus.get(i));
        }
    }

    /** A CPU quota on one broker, on the cores it already has. */
    @Override
    public void limitCpu(String node, double cores) {
        int i = nodes.indexOf(node);
        cgroups.limitCpu(group(node), cores, i < cpus.size() && !cpus.get(i).isEmpty() ? cpus.get(i) : null);
    }

    @Override
    public Optional<LoadHosts> loadHosts() {
        return network == null ? Optional.empty() : Optional.of(network.loadHosts());
    }

    @Override
    public OptionalLong linkBitsPerSecond() {
        return network == null || !network.shape().shaped() ? OptionalLong.empty() : OptionalLong.of(network.shape().rateBitsPerSecond());
    }

    @Override
    public void shapeLink(String node, long bitsPerSecond) {
        if (network == null) {
            Isolation.super.shapeLink(node, bitsPerSecond);
        }
        network.reshape(node, bitsPerSecond);
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new HashMap<>();
        s.put(SCOPE, scope);
        s.put(NODES, String.join(",", nodes));
        s.put(CPUS, String.join(";", cpus));
        s.put(DISK, Long.toString(diskBytesPerSecond));
        if (spec != null) {
            s.put(SPEC, spec.toString());
        }
        if (device != null) {
            s.put(DEVICE, device);
        }
        if (network != null) {
            s.put(SUBNET, network.subnetPrefix());
            s.put(SHAPE, network.shape().toString());
        }
        return s;
    }

    @Override
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add("cgroups " + cgroups.version());
        if (spec != null) {
            parts.add("brokers " + spec + " each" + (compilers.isPresent() ? ", JIT compiler and monitor threads outside the quotas" : "")
                    + (keepsWriteback() ? ", dirty page cache written back at the kernel's background ratio of each group (v1 does "
                    + "not per group)" : ""));
        }
        if (network != null) {
            parts.add("network namespaces " + network.subnetPrefix() + ".0/24"
                    + (network.shape().shaped() ? " at " + network.shape() : ", links unshaped"));
        }
        if (diskBytesPerSecond > 0 && device != null) {
            parts.add("disk writes " + diskBytesPerSecond + " B/s on " + device);
        }
        return String.join(", ", parts);
    }

    /** Removes the node groups and the namespaces; the processes must be gone. Never throws. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (monitors != null) {
            monitors.close();
        }
        if (writeback != null) {
            writeback.close();
        }
        if (network != null) {
            network.remove();
        }
        for (String node : nodes) {
            removeGroup(group(node));
        }
        String owner = owner();
        if (cgroups.pids(owner).isEmpty() && ownScope()) {
            removeGroup(owner);   // the process's group, once its last cluster (and client) left it
        }
        releaseScope();
    }

    /** True when this process keeps the nodes' dirty pages: v1 memory limits on nodes it starts or holds. */
    private boolean keepsWriteback() {
        return dataDir != null && spec != null && cgroups instanceof CgroupV1;
    }

    private String owner() {
        return ownerOf(scope);
    }

    private static String ownerOf(String scope) {
        return scope.substring(0, scope.lastIndexOf("-k"));
    }

    private boolean ownScope() {
        synchronized (LIVE_SCOPES) {
            return LIVE_SCOPES.size() <= 1;
        }
    }

    private static int claimScope() {
        synchronized (LIVE_SCOPES) {
            for (int n = 0; n < MAX_SCOPES; n++) {
                if (LIVE_SCOPES.add(n)) {
                    return n;
                }
            }
        }
        throw new IsolationException("at most " + MAX_SCOPES + " isolated clusters per mqprobe process");
    }

    private void releaseScope() {
        if (owner().equals(Isolation.ownerTag(ProcessHandle.current().pid()))) {
            synchronized (LIVE_SCOPES) {
                LIVE_SCOPES.remove(Integer.parseInt(scope.substring(scope.lastIndexOf("-k") + 2)));
            }
        }
    }

    private void createGroups() {
        for (int i = 0; i < nodes.size(); i++) {
            String group = group(nodes.get(i));
            cgroups.create(group);
            if (spec != null) {
                // the quota comes once the cluster serves (serving): three brokers starting each under 0.3 cores
                // served after 13.8-14.8 s here, 9.9-10.1 s without (docs/isolation.md)
                cgroups.limitCpu(group, 0, cpus.get(i));
                cgroups.limitMemory(group, spec.memoryBytes());
            }
            if (device != null && diskBytesPerSecond > 0) {
                cgroups.limitWrites(group, device, diskBytesPerSecond);
            }
        }
    }

    private String group(String node) {
        return owner() + "/" + scope.substring(scope.lastIndexOf("-k") + 1) + "-" + node;
    }

    /** A killed process leaves its group a moment later: a few short retries, bounded. */
    private void removeGroup(String group) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                cgroups.remove(group);
                return;
            } catch (RuntimeException busy) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
