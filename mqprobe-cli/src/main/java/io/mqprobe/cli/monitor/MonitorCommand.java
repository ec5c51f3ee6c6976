package io.mqprobe.cli.monitor;

import io.mqprobe.api.Capability;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.cli.options.CeilingOptions;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.RemoteSourceOptions;
import io.mqprobe.cli.target.TargetOptions;
import io.mqprobe.load.RunControl;
import io.mqprobe.monitor.MonitorRunner;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Interruption;
import io.mqprobe.run.LiveView;
import io.mqprobe.run.ScreenLoop;
import io.mqprobe.run.target.ClusterSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code mqprobe monitor}: a live view of a cluster while load runs elsewhere. Every interval it
 * prints the business and replication traffic, per broker with leader and follower side by side,
 * CPU, memory, disk, NIC and under-replicated partitions.
 */
@Command(name = "monitor",
        mixinStandardHelpOptions = true,
        description = {
                "Live view of a cluster: leader and follower traffic, CPU, disk, NIC per broker.",
                "Business and replication traffic per broker side by side, CPU, memory, GC, disk, NIC and",
                "under-replicated partitions, refreshed every --interval. Sources: the",
                "Kafka protocol, embedded brokers' /proc and JMX, --jmx, --prometheus, this",
                "host. Without --bootstrap: the 'cluster up' cluster, else a new embedded one."})
public final class MonitorCommand implements Callable<Integer> {

    /** Brokers of the embedded cluster when none is given: enough to show leader vs follower traffic. */
    static final int DEFAULT_EMBEDDED_BROKERS = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Time between samples and screens, at least 100ms (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop after this long (default: until Ctrl-C).")
    Duration duration;

    @Mixin
    RemoteSourceOptions remote = new RemoteSourceOptions();

    @Option(names = "--topics", split = ",", paramLabel = "TOPIC",
            description = "Topics whose log growth to watch (default: all).")
    List<String> topics = new ArrayList<>();

    @Option(names = "--groups", split = ",", paramLabel = "GROUP",
            description = "Consumer groups whose lag to show.")
    List<String> groups = new ArrayList<>();

    @Mixin
    CeilingOptions ceilings;

    @Override
    public Integer call() {
        MonitorSettings settings = MonitorSettings.parse(interval, duration, ceilings);
        MonitorSources.Builder sources = remote.conclude().addTo(MonitorSources.builder());   // checked before connecting
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunControl control = new RunControl();
        try (Interruption ctrlC = Interruption.install(control, err);
             ClusterSession session = ClusterSession.open(target.conclude(), DEFAULT_EMBEDDED_BROKERS, err)) {
            sources.localBrokers(session::localBrokers)
                    .host()
                    .kafkaProtocol(session.driver().admin(), List.copyOf(topics), List.copyOf(groups))
                    .replicaLogSizes(!session.driver().unsupported().contains(Capability.REPLICA_LOG_SIZES))
                    .driverSamplers(session.driver().brokerSamplers())
                    .ceilings(settings.diskWriteCeiling(), settings.nicCeiling());
            List<Sampler> samplers = sources.build();
            LiveView view = new LiveView();
            try (MonitorRunner runner = MonitorRunner.start(samplers, settings.interval(), view, err)) {
                new ScreenLoop(settings.interval(), settings.duration(), control).run(view, out);
            }
            // Ctrl-C is how an open-ended monitor ends; only a bounded one cut short was interrupted
            return settings.duration() != null ? ctrlC.exitCode(ExitCode.OK) : ExitCode.OK;
        }
    }
}
