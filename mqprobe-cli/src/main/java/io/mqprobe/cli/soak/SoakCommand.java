package io.mqprobe.cli.soak;

import io.mqprobe.api.Durability;
import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.MessageRate;
import io.mqprobe.cli.options.ClientsOption;
import io.mqprobe.cli.options.ConsumerSettingsOptions;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.IsolationOption;
import io.mqprobe.cli.options.JvmWarmupOption;
import io.mqprobe.cli.options.PartitionsOption;
import io.mqprobe.cli.options.RecordOptions;
import io.mqprobe.cli.options.ReplicationOption;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.cli.options.SloOption;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.run.TopicLifecycle;
import io.mqprobe.run.target.TargetPlan;
import io.mqprobe.search.Thresholds;
import io.mqprobe.soak.CatchUp;
import io.mqprobe.soak.ProbeOrigin;
import io.mqprobe.soak.SoakRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code mqprobe soak}: hold one rate for a long time and say whether it held, what drifted and where readers read. */
@Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Hold one rate for a long time (default 30 min) with on-time readers, and optionally a catch-up group",
                "kept behind, and judge it per minute: the first threshold crossed (p99 SLO, the rate not carried, failed",
                "sends, readers behind, partitions under-replicated), drift with its slope and time to its limit, and each",
                "broker's page-cache residency and disk reads; when it broke, lower rates with --corrections. Exit 1 when the",
                "rate asked did not hold."})
public final class SoakCommand implements Callable<Integer> {

    static final Duration DEFAULT_DURATION = Duration.ofMinutes(30);
    static final Duration DEFAULT_WARMUP = Duration.ofSeconds(10);
    /** A probe's answer a soak refutes is corrected by default: two lower rates, each as long, before it gives up. */
    static final int CORRECTIONS_OF_A_PROBE = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--throughput", paramLabel = "RATE",
            description = {"The rate to hold: messages (40000, 40k/s, 40k tps) or bytes (40MB/s, 1Gbit), as plan's --peak.",
                    "Or take a probe's with --from."})
    String throughput;

    @Option(names = "--from", paramLabel = "RESULT", description = {"A probe's result.json: hold its sustainable load in its",
            "scenario's layout, record size and durability, and say in this result whether it held."})
    Path from;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = {"The scenario of --from to hold (default: replicated-all when it has one, else the first with",
                    "a sustainable load)."})
    String scenario;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long to hold it, measured (default: 30m).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            description = {"Leading time of the soak excluded from its minutes (default: 10s), after the --jvm-warmup step",
                    "(with --catch-up, that step also lasts until the group has read LAG + 15s behind)."})
    Duration warmup;

    @Option(names = "--catch-up", paramLabel = "LAG|start", converter = CatchUpConverter.class,
            description = {"Also read with a group kept LAG behind the writes (e.g. 60s, at most 4m), as a late consumer",
                    "or a recovering follower does: shows whether the brokers serve it from their page cache or their disk.",
                    "start: a group joins halfway through and reads the topic from its start, as fast as it can, as a",
                    "consumer back from an outage does: shows whether and when it catches up."})
    CatchUp catchUp;

    @Option(names = "--corrections", paramLabel = "N",
            description = {"When the rate breaks for the cluster's reasons (not mqprobe's own CPU limit), hold up to N",
                    "lower rates, each a fifth below the last (or what it carried) and as long, on a fresh topic, until one",
                    "holds: the corrected load (default: 2 with --from, else 0; at most 4)."})
    Integer corrections;

    @Mixin
    SloOption slo;

    @Mixin
    JvmWarmupOption jvmWarmup;

    @Option(names = "--acks", paramLabel = "all|leader",
            description = "What the producers wait for (default: all replicas; with --from, the scenario's).")
    String acks;

    @Mixin
    RecordOptions records;

    @Mixin
    PartitionsOption partitions;

    @Mixin
    ReplicationOption replication;

    @Mixin
    ClientsOption clients;

    @Mixin
    ConsumerSettingsOptions consumerSettings;

    @Mixin
    IsolationOption isolation;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        ProbeOrigin origin = from == null ? null : ProbeOrigin.read(from, scenario);
        if (origin == null && scenario != null) {
            throw new UsageException("--scenario names a scenario of --from; give --from too");
        }
        int recordSize = origin != null && !given("--record-size") ? origin.setup().recordSizeBytes() : records.sizeBytes();
        double recordsPerSecond = rate(origin, recordSize);
        Duration soak = duration == null ? DEFAULT_DURATION : duration;
        Duration lead = warmup == null ? DEFAULT_WARMUP : warmup;
        String topicName = TopicLifecycle.freshName("soak");
        String group = TopicLifecycle.freshName("soak-group");
        Durability durability = acks != null ? Durability.parse(acks)
                : origin != null && origin.setup().durability() != null ? origin.setup().durability() : Durability.ALL_REPLICAS;
        Map<String, String> producerSettings = origin == null ? Map.of() : origin.setup().properties().entrySet().stream()
                .filter(e -> !SecretRedaction.MASK.equals(e.getValue()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        int producers = origin != null && !given("--clients") ? origin.clients() : clients.clients();
        ProducerLoadSpec load = new ProducerLoadSpec(topicName, producers, 1, false, recordSize, recordsPerSecond, 0,
                soak.plus(lead), records.payload(), producerSettings, false, List.of(), null);
        ConsumerLoadSpec onTime = new ConsumerLoadSpec(List.of(topicName), group, consumerSettings.threads(), 0,
                soak.plus(lead).plus(StepPlan.DRAIN_TIMEOUT), consumerSettings.properties());
        SoakRun.Request request = new SoakRun.Request(topicName, brokers -> layout(topicName, brokers, origin), durability, load,
                onTime, catchUp, slo.sloP99().orElse(Thresholds.defaults().sloP99()), lead.toMillis(),
                jvmWarmup.warmUntil(), origin,
                corrections != null ? corrections : origin != null ? CORRECTIONS_OF_A_PROBE : 0);
        return run.session("soak", spec, 3, false, plan -> isolation.isolate() ? plan.withTarget(TargetPlan::withIsolationByDefault) : plan,
                session -> SoakRun.run(session, request));
    }

    /** The rate asked for, in records/s: messages (40000, 40k/s, 40k tps) or bytes (40MB/s); else the probe's. */
    private double rate(ProbeOrigin origin, int recordSize) {
        if (throughput == null) {
            if (origin == null) {
                throw new UsageException("give the rate to hold (--throughput 40MB/s or 40000) or a probe's result "
                        + "(--from result.json)");
            }
            return origin.bytesPerSecond() / recordSize;
        }
        double value = MessageRate.bytesPerSecond(throughput, recordSize, "--throughput") / recordSize;
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new UsageException("--throughput must be a positive rate, got '" + throughput + "'");
        }
        return value;
    }

    private TopicSpec layout(String topicName, int brokers, ProbeOrigin origin) {
        int p = origin != null && !given("--partitions") ? origin.layout().partitions()
                : TopicSpec.partitionsOn(partitions.partitions(), brokers);
        int rf = origin != null && !given("--replication-factor") ? origin.layout().replicationFactor()
                : TopicSpec.replicationOn(replication.replicationFactor(), brokers);
        if (rf > brokers) {
            throw new UsageException("replication factor " + rf + " needs at least " + rf + " brokers, the cluster has "
                    + brokers);
        }
        return TopicSpec.of(topicName, p, rf);
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
