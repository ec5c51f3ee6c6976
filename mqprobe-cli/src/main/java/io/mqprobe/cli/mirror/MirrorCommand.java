package io.mqprobe.cli.mirror;

import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.mirror.MirrorRun;
import io.mqprobe.mirror.MirrorVariants;
import io.mqprobe.cli.load.ProducerOptions;
import io.mqprobe.cli.options.CommandDefaults;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.PartitionsOption;
import io.mqprobe.cli.options.ReplicationOption;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.mirror.MirrorVariant;
import io.mqprobe.run.ClientProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code mqprobe mirror}: how fast, how late and at what CPU cost records cross to another cluster through MirrorMaker 2. */
@Command(name = "mirror", mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = MirrorCommand.Defaults.class,
        description = {"Measure cross-cluster mirroring with MirrorMaker 2: arrival rate in the target, mirror latency",
                "per record (stamp to arrival), loss and duplicates, the mirror's CPU, beside the source cluster's own",
                "replication rate. With no bootstraps it starts two embedded Kafka clusters and MirrorMaker 2",
                "(dedicated mode) in a child JVM. MirrorMaker 2 delivers at least once."})
public final class MirrorCommand implements Callable<Integer> {

    private static final int SOURCE_BROKERS = 2;

    @Spec
    CommandSpec spec;

    @Mixin
    ProducerOptions producer;

    @Mixin
    RunOptions run;

    @Option(names = "--vary", paramLabel = "KEY=V1,V2", description = "A producer setting to vary, one variation per value; "
            + "repeat for a grid (default: compression.type=none,lz4). E.g. --vary batch.size=16384,1048576.")
    List<String> vary = new ArrayList<>();

    /** Source topics are replicated, so the source's own replication shows beside the mirror. */
    static final class Defaults extends CommandDefaults {
        Defaults() {
            super(Map.of("--partitions", "3", "--replication-factor", "2"));
        }
    }

    @Mixin
    PartitionsOption partitions;

    @Mixin
    ReplicationOption replication;

    @Option(names = "--source-bootstrap", paramLabel = "HOST:PORT[,...]", description = "Source cluster (default: an embedded one).")
    String sourceBootstrap;

    @Option(names = "--target-bootstrap", paramLabel = "HOST:PORT[,...]",
            description = "Target cluster, with a mirror already copying topics " + MirrorRun.TOPIC_PATTERN + " from the source under the alias "
                    + "'source' (default: an embedded cluster and an embedded MirrorMaker 2).")
    String targetBootstrap;

    @Option(names = "--target-command-config", paramLabel = "FILE", description = "Client settings for the target cluster.")
    Path targetCommandConfig;

    @Option(names = "--drain-timeout", paramLabel = "DURATION", defaultValue = "120s", converter = DurationConverter.class,
            description = "After sending, how long the mirror may take to catch up (default: ${DEFAULT-VALUE}).")
    Duration drainTimeout;

    @Override
    public Integer call() {
        ProducerLoadSpec base = producer.conclude("mqprobe-mirror", true);
        List<MirrorVariant> variants = MirrorVariants.grid(vary.isEmpty() ? List.of("compression.type=none,lz4") : vary);
        if ((sourceBootstrap == null) != (targetBootstrap == null)) {
            throw new UsageException("give both --source-bootstrap and --target-bootstrap (a running mirror between them), or neither");
        }
        MirrorRun.Request request = new MirrorRun.Request(variants, base, partitions.partitions(), replication.replicationFactor(),
                producer.warmup(), drainTimeout, targetBootstrap, ClientProperties.load(targetCommandConfig));
        return run.session("mirror", spec, SOURCE_BROKERS, false,
                plan -> sourceBootstrap == null ? plan : plan.withTarget(t -> t.withBootstrap(sourceBootstrap)),
                session -> MirrorRun.run(session, request));
    }
}
