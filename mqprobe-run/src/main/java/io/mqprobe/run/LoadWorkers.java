package io.mqprobe.run;

import io.mqprobe.api.Driver;
import io.mqprobe.api.OwnedTempFiles;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.embedded.ChildJava;
import io.mqprobe.embedded.isolation.LoadHosts;
import io.mqprobe.load.InProcessWorker;
import io.mqprobe.load.LoadWorker;
import io.mqprobe.load.RunControl;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.StepResult;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.workers.ClockOffset;
import io.mqprobe.workers.Coordinator;
import io.mqprobe.workers.WorkerJoinException;
import io.mqprobe.workers.WorkerToken;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The run's load workers and what it started for them: the coordinator workers join and, for {@code local:N}, the
 * worker JVMs with their token and logs in a private directory. Closed with the session: the children it started are
 * stopped by their handles, the directory deleted.
 */
final class LoadWorkers implements AutoCloseable {

    /** Worker JVMs on this machine start in a second or two; a generous bound for a loaded 2-core machine. */
    static final Duration LOCAL_JOIN_TIMEOUT = Duration.ofSeconds(60);
    private static final String WORKER_HEAP = "-Xmx512m";
    /** Names a worker JVM this machine started on its command line: {@code -Dmqprobe.worker=local-1}. */
    static final String WORKER_TAG = "-Dmqprobe.worker=";

    private final List<LoadWorker> workers;
    private final Coordinator coordinator;
    /** The worker JVMs and files this run started for {@code local:N}, or {@code null}. */
    private final LocalWorkerProcesses local;
    private boolean closed;

    private LoadWorkers(List<LoadWorker> workers, Coordinator coordinator, LocalWorkerProcesses local) {
        this.workers = workers;
        this.coordinator = coordinator;
        this.local = local;
    }

    /**
     * The workers {@code plan} asks for, loading {@code target}; in-process ones on {@code driver}.
     *
     * @param network namespaces for local workers on the brokers' network, when the embedded brokers have one
     * @param control the run's cancellation: Ctrl-C ends a wait for workers to join
     */
    static LoadWorkers open(WorkerPlan plan, Target target, Driver driver, Optional<LoadHosts> network,
                            Consumer<String> say, RunControl control) {
        if (plan instanceof WorkerPlan.Local local) {
            return startLocal(local, target, network.orElse(null), say, control);
        }
        if (plan instanceof WorkerPlan.Joining joining) {
            return awaitJoining(joining, target, say, control);
        }
        return new LoadWorkers(List.of(new InProcessWorker(driver, NanoClock.SYSTEM)), null, null);
    }

    List<LoadWorker> workers() {
        return workers;
    }

    /**
     * "3 load workers: local-1 (127.0.0.1:40123) clock +0.02 ms ±0.10 ms, ...", or {@code null} for the in-process one.
     * A clock off by more than a millisecond is marked corrected: its worker stamps in the coordinator's time.
     */
    String describe() {
        if (coordinator == null) {
            return null;
        }
        return workers.size() + " load workers: " + workers.stream().map(LoadWorker::describe).collect(Collectors.joining(", "));
    }

    /** Writes each worker's clock into the result, and flags the steps whose latency the clocks cannot vouch for. */
    void recordClocks(ResultDocument document) {
        Map<String, ClockOffset> clocks = Coordinator.clocks(workers);
        if (clocks.isEmpty()) {
            return;
        }
        document.setLoadWorkers(clocks.entrySet().stream().map(e -> new ResultDocument.LoadWorkerEntry(e.getKey(),
                e.getValue().offsetUs(), e.getValue().uncertaintyUs())).toList());
        uncertainLatency(clocks, document.allSteps()).ifPresent(document::addSummaryNote);
    }

    /**
     * A note when some step's median end-to-end latency is no larger than what the workers' clocks may still be off
     * by after correction: such a latency says more about the clocks than about the cluster.
     */
    static Optional<String> uncertainLatency(Map<String, ClockOffset> clocks, List<StepResult> steps) {
        Optional<Map.Entry<String, ClockOffset>> loosest = clocks.entrySet().stream()
                .max(Comparator.comparingLong(e -> e.getValue().uncertaintyUs()));
        if (loosest.isEmpty()) {
            return Optional.empty();
        }
        long uncertaintyUs = loosest.get().getValue().uncertaintyUs();
        long uncertain = steps.stream().filter(s -> s.e2eLatencyUs() != null && s.e2eLatencyUs().count() > 0
                && s.e2eLatencyUs().p50() <= uncertaintyUs).count();
        return uncertain == 0 ? Optional.empty() : Optional.of(String.format(Locale.ROOT, "end-to-end latency of %d step(s)"
                        + " is within the load workers' clock uncertainty (%s's clock is known to \u00b1%s): its median says"
                        + " more about the clocks than about the cluster", uncertain, loosest.get().getKey(),
                TimeSpan.formatMicros((double) uncertaintyUs)));
    }

    /**
     * Starts {@code plan}'s worker JVMs and waits for them to join. With {@code hosts} (brokers on a network of their
     * own, as root) each worker runs in a network namespace of its own on that network: a separate host on the wire,
     * reaching the brokers over the bridge and its coordinator at the bridge's address.
     */
    private static LoadWorkers startLocal(WorkerPlan.Local plan, Target target, LoadHosts hosts, Consumer<String> say,
                                          RunControl control) {
        int count = plan.count();
        LocalWorkerProcesses local = null;
        Coordinator coordinator = null;
        try {
            local = new LocalWorkerProcesses(OwnedTempFiles.dir(OwnedTempFiles.Kind.WORKERS));
            WorkerToken token = WorkerToken.random();
            Path tokenFile = local.dir().resolve("token");
            token.writeTo(tokenFile);
            coordinator = Coordinator.listen(new InetSocketAddress(hosts == null ? "127.0.0.1" : hosts.coordinatorAddress(), 0),
                    token, plan.tls());
            for (int i = 1; i <= count; i++) {
                List<String> inNamespace = List.of();
                String listen = "127.0.0.1:0";
                List<String> flags = new ArrayList<>(plan.workerArgs());
                if (hosts != null) {
                    LoadHosts.LoadHost host = hosts.add(i);
                    int index = i;
                    local.alsoRemove(() -> hosts.remove(index));
                    inNamespace = List.of("ip", "netns", "exec", host.namespace());
                    listen = host.address() + ":0";
                    flags.addAll(List.of("--allow-targets", hosts.cidr()));
                }
                local.add(launch("local-" + i, inNamespace, plan.entryPoint(), coordinator, tokenFile, listen, flags, local.dir()));
            }
            say.accept(hosts != null
                    ? count + " local load workers, each in a network namespace of its own on the brokers' network (" + hosts.cidr() + ")"
                    : count + " local load workers on this host's network: the brokers are not on a network of their own (a"
                    + " temporary cluster gets one as root; 'cluster up --broker-net RATE' for one that stays)");
            List<LoadWorker> joined = coordinator.awaitWorkers(count, LOCAL_JOIN_TIMEOUT, target, plan.onLoss(), say, control);
            return new LoadWorkers(joined, coordinator, local);
        } catch (IOException | RuntimeException | InterruptedException e) {
            String logs = local == null ? "" : lastLines(local.dir(), count);
            new LoadWorkers(List.of(), coordinator, local).close();
            interruptedAgain(e, control);
            throw new IllegalStateException("the local load workers did not start: " + e.getMessage() + logs, e);
        }
    }

    private static Process launch(String name, List<String> inNamespace, List<String> entryPoint, Coordinator coordinator,
                                  Path tokenFile, String listen, List<String> flags, Path dir) throws IOException {
        // the tag first: the JDK shows only the first 4 KiB of another process's command line, and the class path is long
        List<String> command = new ArrayList<>(inNamespace);
        command.addAll(List.of(ChildJava.binary(), WORKER_TAG + name, WORKER_HEAP, "-XX:+UseG1GC", "-cp",
                ChildJava.classPath()));
        command.addAll(entryPoint);
        command.addAll(List.of("--coordinator", coordinator.url().getAuthority(), "--token-file", tokenFile.toString(),
                "--name", name, "--listen", listen));
        command.addAll(flags);
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    }

    private static LoadWorkers awaitJoining(WorkerPlan.Joining plan, Target target, Consumer<String> say, RunControl control) {
        Coordinator coordinator;
        try {
            coordinator = Coordinator.listen(plan.listen(), plan.token(), plan.tls());
        } catch (IOException e) {
            throw new UsageException("cannot listen for workers on " + plan.listen() + ": " + e.getMessage());
        }
        say.accept("waiting up to " + plan.timeout().toSeconds() + " s for " + plan.count() + " load workers to join "
                + coordinator.url() + " (mqprobe worker --coordinator HOST:PORT --token-file FILE)");
        try {
            return new LoadWorkers(coordinator.awaitWorkers(plan.count(), plan.timeout(), target, plan.onLoss(), say, control), coordinator,
                    null);
        } catch (WorkerJoinException | InterruptedException e) {
            coordinator.close();
            interruptedAgain(e, control);
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Keeps a thread interrupt for whoever runs next; a wait that ended because the run was cancelled (Ctrl-C) is not
     * one, and must not cut short the stopping of the brokers and the writing of the partial result after it.
     */
    private static void interruptedAgain(Exception e, RunControl control) {
        if (e instanceof InterruptedException && !control.cancelled()) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last line each worker wrote, for the error of a start that failed. */
    private static String lastLines(Path dir, int count) {
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            Path log = dir.resolve("local-" + i + ".log");
            try {
                List<String> all = Files.exists(log) ? Files.readAllLines(log) : List.of();
                if (!all.isEmpty()) {
                    lines.append("; local-").append(i).append(": ").append(all.get(all.size() - 1));
                }
            } catch (IOException | UncheckedIOException e) {
                // the error says enough without it
            }
        }
        return lines.toString();
    }

    /** Stops the worker JVMs this run started and deletes their directory (see {@link LocalWorkerProcesses}), then the coordinator. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (local != null) {
            local.close();
        }
        if (coordinator != null) {
            coordinator.close();
        }
    }
}
