package io.mqprobe.cli.omb;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.KeepTopicsOption;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.omb.OmbDriverConfig;
import io.mqprobe.omb.OmbFiles;
import io.mqprobe.omb.OmbPlan;
import io.mqprobe.omb.OmbRunSummary;
import io.mqprobe.omb.OmbWorkload;
import io.mqprobe.omb.OmbWorkloadRun;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.TopicLifecycle;
import io.mqprobe.run.target.TargetPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code mqprobe run}: OpenMessaging Benchmark workloads on mqprobe's load engine, with OMB's result file beside mqprobe's. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run OpenMessaging Benchmark workload files with an OMB Kafka or RocketMQ driver file, or one of "
                + "mqprobe's own scenario files (it runs as mqprobe probe --scenario-file FILE).",
                "Each workload's topics are created fresh, its producers and consumers run for its warm-up and test",
                "minutes on mqprobe's send path, and OMB's result file (<workload>-<driver>-<time>.json) is written",
                "beside result.json. Unknown fields are errors, unlike OMB. See docs/omb.md for what maps and what not.",
                "A scenario file takes mqprobe probe's options as well (--step-duration, --max-steps, ...)."})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "WORKLOAD.yaml", description = "OMB workload files, run one after another.")
    List<Path> workloadFiles;

    @Option(names = "--driver-config", paramLabel = "DRIVER.yaml",
            description = "OMB driver file (driver-kafka/*.yaml, driver-rocketmq/rocketmq.yaml); it chooses the driver."
                    + " bootstrap.servers in its commonConfig, or namesrvAddr, names the cluster; without it the embedded one runs.")
    Path driverFile;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measured time of each workload instead of its testDurationMinutes, for a quick try (e.g. 30s).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            description = "Warm-up of each workload instead of its warmupDurationMinutes (e.g. 5s).")
    Duration warmup;

    @Mixin
    KeepTopicsOption keepTopics;

    @Option(names = "--embedded", description = "Run on the embedded cluster whatever cluster the driver file names "
            + "(OMB's own driver files name localhost:9092 or 127.0.0.1:9876), so they run unchanged.")
    boolean embedded;

    @Mixin
    RunOptions run;

    /** A scenario file's run takes the probe's options too; picocli leaves them here, and the probe reads them. */
    @Unmatched
    List<String> probeOptions = new ArrayList<>();

    @Override
    public Integer call() {
        Optional<Path> scenarioFile = workloadFiles.stream().filter(OmbFiles::isScenarioFile).findFirst();
        if (scenarioFile.isPresent()) {
            return asProbe(scenarioFile.get());
        }
        if (!probeOptions.isEmpty()) {
            throw new UsageException("unknown option '" + probeOptions.get(0) + "' for OMB workloads (probe options go with"
                    + " an mqprobe scenario file; see mqprobe run --help)");
        }
        if (driverFile == null) {
            throw new UsageException("OMB workloads need --driver-config DRIVER.yaml (OMB's driver-kafka/*.yaml or "
                    + "driver-rocketmq/*.yaml)");
        }
        OmbDriverConfig driver = OmbFiles.readDriver(driverFile);
        checkDriverFileDriver(driver);
        List<OmbPlan> plans = new ArrayList<>();
        for (Path file : workloadFiles) {
            OmbWorkload workload = OmbFiles.readWorkload(file);
            plans.add(OmbPlan.of(workload, file.toString(), driver, TopicLifecycle.freshName("omb-" + workload.slug()),
                    duration, warmup, StepPlan.DRAIN_TIMEOUT));
        }
        if (embedded && run.target().remote()) {
            throw new UsageException("--embedded runs the embedded cluster; --bootstrap names another: give one");
        }
        // the embedded cluster needs as many brokers as the driver file's replicas
        return run.session("run", spec, driver.replicationFactor(), keepTopics.keepTopics(), plan -> plan.withTarget(t -> driverFileTarget(t, driver)),
                session -> {
            Monitoring monitoring = session.startMonitoring(plans.stream().flatMap(p -> p.load().consumerSpec()
                    .stream().flatMap(c -> c.groupIds().stream())).toList());
            OmbWorkloadRun runner = new OmbWorkloadRun(session, monitoring);
            List<OmbWorkloadRun.Ran> ran = new ArrayList<>();
            for (OmbPlan plan : plans) {
                if (session.cancelled()) {
                    break;
                }
                runner.run(plan).ifPresent(ran::add);
            }
            OmbRunSummary.summarize(session.document(), ran, runner.failures());
            boolean passed = runner.failures().isEmpty() && ran.stream().allMatch(r -> r.verdict().passed());
            return session.exitCode(passed ? ExitCode.OK : ExitCode.RUN_FAILED);
        });
    }

    /** The driver file names the system; a {@code --driver} typed for another one is a contradiction, not a choice. */
    private void checkDriverFileDriver(OmbDriverConfig driver) {
        boolean typed = spec.commandLine().getParseResult().hasMatchedOption("--driver");
        if (typed && !run.target().driverId().equals(driver.driverId())) {
            throw new UsageException("--driver " + run.target().driverId() + " and " + driverFile + " (" + driver.driverClass()
                    + ", mqprobe's " + driver.driverId() + " driver) name different systems; drop --driver");
        }
    }

    /** The typed target on the driver file's system, at its cluster unless --embedded, with its credentials. */
    private TargetPlan driverFileTarget(TargetPlan typed, OmbDriverConfig driver) {
        TargetPlan target = typed.withDriver(driver.driverId());
        if (!embedded && driver.cluster().isPresent()) {
            target = useDriverFileCluster(target, driver.cluster().get());
        }
        return target.withClientProperties(driver.credentials(), driverFile.toString());
    }

    /**
     * mqprobe's own scenario file (told from an OMB workload by its {@code scenarios:} list) runs as the probe of its
     * scenarios, with every other flag as given: {@code mqprobe probe --scenario-file FILE ...}.
     */
    private int asProbe(Path file) {
        // other words on the line may be the probe options' values; a second file is refused here, anything else by the probe
        if (workloadFiles.stream().anyMatch(f -> !f.equals(file) && Files.isRegularFile(f))) {
            throw new UsageException("run takes one mqprobe scenario file, alone (" + file + " is one): OMB workloads and "
                    + "other scenario files go in runs of their own");
        }
        if (driverFile != null || duration != null || warmup != null || embedded) {
            throw new UsageException(file + " is an mqprobe scenario file, which runs as mqprobe probe: --driver-config, "
                    + "--duration, --warmup and --embedded are for OMB workloads (see mqprobe probe --help)");
        }
        List<String> args = new ArrayList<>(List.of("probe", "--scenario-file", file.toString()));
        // the whole command line, "run" included: what follows "run", less the file, goes to the probe
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        List<String> given = new ArrayList<>(all.subList(all.indexOf(spec.name()) + 1, all.size()));
        given.remove(given.lastIndexOf(file.toString()));
        args.addAll(given);
        return spec.commandLine().getParent().execute(args.toArray(String[]::new));
    }

    private TargetPlan useDriverFileCluster(TargetPlan target, String address) {
        target.bootstrap().filter(given -> !given.equals(address)).ifPresent(given -> {
            throw new UsageException("--bootstrap " + given + " and " + address + " in " + driverFile
                    + " name different clusters; give one");
        });
        return target.withBootstrap(address);
    }
}
