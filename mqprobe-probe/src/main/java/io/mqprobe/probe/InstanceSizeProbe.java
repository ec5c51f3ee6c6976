package io.mqprobe.probe;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.RunEnvironment;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Progress;
import io.mqprobe.run.RunOutput;
import io.mqprobe.run.RunPlan;
import io.mqprobe.run.target.EmbeddedClusters;
import io.mqprobe.run.target.TargetPlan;
import io.mqprobe.search.InstanceSizes;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code probe --specs}: the same probe once per broker size, each on a fresh embedded cluster of that size
 * with its own run directory and report, and the instance-size table and scaling chart of all of them in the
 * parent directory (written after each size, so an interrupted comparison keeps what it measured).
 */
final class InstanceSizeProbe {

    /** What the load generator and the OS keep when the brokers' memory limits are added up. */
    private static final long KEPT_MEMORY_BYTES = 1L << 30;
    private static final DateTimeFormatter DIR_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final List<InstanceSpec> sizes;
    private final RunPlan typed;
    private final PrintWriter out;
    private final PrintWriter err;

    /** @param typed the run as typed and checked once; each size's run is a plan made of it */
    InstanceSizeProbe(List<InstanceSpec> sizes, RunPlan typed, PrintWriter out, PrintWriter err) {
        this.sizes = sizes.stream().sorted(Comparator.comparingDouble(InstanceSpec::cpuCores)).toList();
        this.typed = typed;
        this.out = out;
        this.err = err;
    }

    /**
     * Checks every size up front, then probes each; returns the exit code (the worst of the sizes').
     *
     * @param probeOnce probes one cluster on the plan it is given: the typed one with a size's directory and broker spec
     */
    int run(Function<RunPlan, Probe.Probed> probeOnce) {
        int brokers = typed.target().brokers().orElse(typed.defaultBrokers());
        check(typed.target(), brokers);
        Progress progress = new Progress(err);
        Path parent = typed.outDir() != null ? typed.outDir()
                : Path.of("mqprobe-runs", LocalDateTime.now().format(DIR_STAMP) + "-probe-sizes");
        RunOutput combined = RunOutput.create("probe", typed.argv(), parent, null);
        ResultDocument document = combined.document();
        document.setExperiment("instance-sizes");
        int exit = ExitCode.OK;
        String failure = null;
        try {
            for (int i = 0; i < sizes.size(); i++) {
                InstanceSpec size = sizes.get(i);
                progress.line(String.format(Locale.ROOT, "== broker size %s (%d of %d): %d brokers ==", size, i + 1, sizes.size(), brokers));
                Path sizeDir = parent.resolve(size.toString());
                Probe.Probed probed = probeOnce.apply(typed.withOutDir(sizeDir).withTarget(t -> t.withBrokerSpec(size)));
                document.addInstanceSizes(InstanceSizes.rows(size, probed.brokers() > 0 ? probed.brokers() : brokers,
                        size.toString(), probed.outcomes()));
                summarize(document, brokers);
                combined.save();
                exit = Math.max(exit, probed.exitCode());
                if (ExitCode.signalled(probed.exitCode())) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            failure = e.getMessage();
            throw e;
        } finally {
            combined.finish(ExitCode.signalled(exit), failure == null && exit == ExitCode.RUN_FAILED
                    ? "a size's probe failed (see its report)" : failure, out, progress);
            combined.close();
        }
        return exit;
    }

    private void summarize(ResultDocument document, int brokers) {
        List<InstanceSizes.Row> rows = document.instanceSizes();
        List<String> lines = InstanceSizes.scaling(rows);
        String headline = "instance sizes " + String.join(", ", sizes.stream().map(InstanceSpec::toString).toList())
                + " × " + HumanUnits.counted(brokers, "broker");
        document.setSummary(new ResultDocument.Summary(headline, lines, false,
                List.of("each size ran on a fresh embedded cluster whose brokers were confined to it (cgroups); "
                        + "its own report is in its directory")));
    }

    /** Every size must fit this machine, and the sizes must be the only thing sizing the brokers. */
    private void check(TargetPlan target, int brokers) {
        if (target.bootstrap().isPresent()) {
            throw new UsageException("--specs probes embedded clusters it starts, one per size; drop --bootstrap");
        }
        if (typed.jsonFile() != null) {
            throw new UsageException("--specs writes one result per size under --out; drop --json");
        }
        IsolationOptions typed = target.isolation();
        if (typed.brokerSpec() != null) {
            throw new UsageException("--specs and --broker-spec both size the brokers; give one of them");
        }
        IsolationOptions.unavailableReason().ifPresent(reason -> {
            throw new UsageException("--specs needs brokers confined to each size: " + reason);
        });
        if (EmbeddedClusters.attach(target.driverId()).isPresent()) {
            throw new UsageException("--specs starts one embedded cluster per size; stop the one of 'mqprobe cluster up' first "
                    + "('mqprobe cluster down')");
        }
        long machineMemory = RunEnvironment.capture().memoryBytes();   // the machine every result document names
        for (InstanceSpec size : sizes) {
            try {
                BrokerIsolation.plan(new IsolationOptions(size, typed.clientCores(), typed.allowOversubscribe(), typed.brokerNet(),
                        typed.brokerDiskBytesPerSecond()), brokers);
            } catch (UsageException e) {
                throw new UsageException("size " + size + ": " + e.getMessage());
            }
            if (machineMemory > 0 && brokers * size.memoryBytes() > machineMemory - KEPT_MEMORY_BYTES && !typed.allowOversubscribe()) {
                throw new UsageException(String.format(Locale.ROOT, "size %s: %d brokers × %d MiB is more memory than this "
                        + "machine has to give (%d MiB, 1 GiB kept for the load generator); drop the size or pass --allow-oversubscribe",
                        size, brokers, size.memoryBytes() >> 20, machineMemory >> 20));
            }
        }
    }
}
