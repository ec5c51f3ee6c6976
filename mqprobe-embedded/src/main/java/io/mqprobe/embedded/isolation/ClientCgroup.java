package io.mqprobe.embedded.isolation;

import io.mqprobe.api.InstanceSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The load generator (this JVM) in a cgroup of its own with a CPU quota, so that a saturated client
 * and a saturated broker are told apart. Closing moves this process back where it came from and
 * removes the group.
 */
public final class ClientCgroup implements AutoCloseable {

    private final Cgroups cgroups;
    private final String group;
    private final List<String> originalTaskFiles;
    private final CpuPlan plan;
    private Optional<MonitorThreads> monitors = Optional.empty();
    private boolean closed;

    private ClientCgroup(Cgroups cgroups, String group, List<String> originalTaskFiles, CpuPlan plan) {
        this.cgroups = cgroups;
        this.group = group;
        this.originalTaskFiles = originalTaskFiles;
        this.plan = plan;
    }

    /**
     * Confines this JVM as the options ask, next to {@code brokers} brokers of {@code brokerSpec} (the
     * cluster's, which may come from {@code cluster up}): {@code --client-cores}, else what the brokers leave.
     *
     * @return empty when nothing asks for isolation, or (said through {@code notice}) cgroups are unusable
     * @throws io.mqprobe.api.UsageException when the machine is oversubscribed and that is not allowed
     */
    public static Optional<ClientCgroup> confine(IsolationOptions options, int brokers, InstanceSpec brokerSpec,
                                                 Consumer<String> notice) {
        if (!options.requested() && brokerSpec == null) {
            return Optional.empty();
        }
        CpuPlan plan = CpuPlan.of(BrokerIsolation.machineCpus(), brokers, CpuPlan.cores(brokerSpec), options.clientCores(),
                options.allowOversubscribe());
        Optional<Cgroups> cgroups = Cgroups.detect();
        if (cgroups.isEmpty()) {
            notice.accept("isolation off: " + Cgroups.unusableReason() + "; brokers and load generator share the machine");
            return Optional.empty();
        }
        return Optional.of(confine(cgroups.get(), plan));
    }

    /** One line for people and the result. */
    public String describe() {
        return "load generator " + CpuPlan.fmt(cores()) + " cores on cpu " + cpus() + (plan.oversubscribed() ? ", oversubscribed" : "")
                + (plan.tight().isEmpty() ? "" : "; " + plan.tight());
    }

    /**
     * Moves this JVM into {@code mqprobe-<pid>/client} limited to the plan's client cores and cpus, and its JIT compiler
     * and monitor threads out of that quota (see {@link CompilerThreads}, {@link MonitorThreads}): the quota is the load
     * generator's.
     */
    private static ClientCgroup confine(Cgroups cgroups, CpuPlan plan) {
        long pid = ProcessHandle.current().pid();
        String owner = Isolation.ownerTag(pid);
        String group = owner + "/client";
        List<String> original = originalTaskFiles(cgroups);
        cgroups.create(group);
        cgroups.limitCpu(group, plan.clientCores(), plan.clientCpus());
        cgroups.move(group, pid, false);
        CompilerThreads.open(cgroups, owner).ifPresent(c -> c.move(pid));
        ClientCgroup client = new ClientCgroup(cgroups, group, original, plan);
        client.monitors = MonitorThreads.open(cgroups, owner);
        client.monitors.ifPresent(m -> m.watch(pid));
        Runtime.getRuntime().addShutdownHook(new Thread(client::close, "mqprobe-client-cgroup"));
        return client;
    }

    public double cores() {
        return plan.clientCores();
    }

    public String cpus() {
        return plan.clientCpus();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        monitors.ifPresent(MonitorThreads::close);
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
            String owner = group.substring(0, group.indexOf('/'));
            if (cgroups.pids(owner).isEmpty()) {
                cgroups.remove(owner);   // the last one out (clusters close on their own) removes the process's group
            }
        } catch (RuntimeException e) {
            // a cluster of this process still uses the owner group, or a thread races exit: the next start cleans up
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
