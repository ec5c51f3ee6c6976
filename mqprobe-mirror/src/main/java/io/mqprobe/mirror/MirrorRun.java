package io.mqprobe.mirror;

import io.mqprobe.api.ProducerProfile;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * {@code mqprobe mirror}'s job inside its run session: each variant's load into the source, its arrival on the target
 * through MirrorMaker 2 (embedded, or the user's running one), judged for loss, latency and the mirror's CPU.
 */
public final class MirrorRun {

    /** The topics a mirror between user clusters must already copy (under the source alias 'source'). */
    public static final String TOPIC_PATTERN = "mqprobe-mirror-.*";

    /**
     * A mirror run as concluded from its flags.
     *
     * @param targetBootstrap the target cluster with a mirror already running, or {@code null} for embedded ones
     * @param targetClient    client settings for the target cluster
     */
    public record Request(List<MirrorVariant> variants, ProducerLoadSpec load, int partitions, int replicationFactor,
                          Duration warmup, Duration drainTimeout, String targetBootstrap, Map<String, String> targetClient) {
    }

    private MirrorRun() {
    }

    public static int run(RunSession session, Request request) {
        String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x100000, 0xffffff));
        try (MirrorTarget target = MirrorTarget.open(request.targetBootstrap(), request.targetClient(), session, TOPIC_PATTERN)) {
            ProducerLoadSpec load = request.load().withDefaults(session.cluster().driver().producerDefaults(ProducerProfile.CAPACITY));
            Map<String, LongSupplier> processes = target.mirror().map(m -> Map.<String, LongSupplier>of(MirrorJudge.MIRROR_SOURCE, m::pid))
                    .orElse(Map.of());
            Monitoring monitoring = session.startMonitoring(List.of(), ResultDocument.Ceilings.UNKNOWN, processes);
            Map<String, String> consumer = new LinkedHashMap<>(target.clientSettings());
            consumer.put("bootstrap.servers", target.bootstrap());
            // the mirrored topic appears after the consumer starts looking: find it within a second
            consumer.put("metadata.max.age.ms", "1000");
            MirrorPlanner planner = new MirrorPlanner(new MirrorPlanner.Settings(request.variants(), load, request.partitions(),
                    request.replicationFactor(), request.warmup(), request.drainTimeout(), Duration.ofSeconds(90),
                    i -> "mqprobe-mirror-" + tag + "-" + i, consumer), target::awaitTopic);
            ExperimentResult result = session.runExperiment(new Experiment(MirrorJudge.KIND, planner, new MirrorJudge()),
                    monitoring, new LoadProgress(session.progress(), "   "), new ExperimentListener() {
                        @Override
                        public void onScenarioStart(ScenarioResult scenario) {
                            session.progress().writer().println("mirror variation " + scenario.name());
                            session.progress().writer().flush();
                        }
                    });
            boolean passed = result.verdicts().values().stream().allMatch(Verdict::passed);
            return session.exitCode(passed ? ExitCode.OK : ExitCode.RUN_FAILED);
        }
    }
}
