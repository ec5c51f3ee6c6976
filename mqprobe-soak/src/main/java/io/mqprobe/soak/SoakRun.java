package io.mqprobe.soak;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * {@code mqprobe soak}'s job inside its run session: one rate held on a fresh topic for a long time, with on-time
 * readers and, when asked, a catch-up group kept behind; the topic capped by the run's disk budget so segments roll and
 * retention deletes them during the soak; judged per minute ({@link SoakJudge}).
 */
public final class SoakRun {

    /** Retention must keep this many times the catch-up lag, or the catch-up group reads what retention deleted. */
    static final int RETAINED_LAGS = 2;

    /**
     * A soak as concluded from its flags, checked before a cluster starts.
     *
     * @param layout     the topic's layout for a cluster of N brokers
     * @param load       the producers at the soak's rate, running for warm-up plus the soak
     * @param onTime     the on-time readers
     * @param catchUp    how the catch-up group reads, or {@code null} for none
     * @param sloP99     the p99 every minute must stay within
     * @param warmUntil  the JVM warm-up before the soak, or {@code null} for none (a catch-up group still gets one)
     * @param origin     the probe's answer this soak checks, or {@code null}
     * @param corrections how many lower rates to try, each for as long, when the rate breaks ({@link SoakCorrection})
     * @param correction  0 for the rate asked, k for its k-th correction
     */
    public record Request(String topicName, IntFunction<TopicSpec> layout, Durability durability, ProducerLoadSpec load,
                          ConsumerLoadSpec onTime, CatchUp catchUp, Duration sloP99, long warmupMs, WarmupTarget warmUntil,
                          ProbeOrigin origin, int corrections, int correction) {

        public Request {
            if (load.targetRecordsPerSecond() <= 0) {
                throw new UsageException("a soak holds a rate: give --throughput (or --from a probe's result)");
            }
            if (corrections < 0 || corrections > SoakCorrection.MOST) {
                throw new UsageException("--corrections is between 0 and " + SoakCorrection.MOST + ", got " + corrections);
            }
        }

        /** The soak of the rate asked. */
        public Request(String topicName, IntFunction<TopicSpec> layout, Durability durability, ProducerLoadSpec load,
                       ConsumerLoadSpec onTime, CatchUp catchUp, Duration sloP99, long warmupMs, WarmupTarget warmUntil,
                       ProbeOrigin origin, int corrections) {
            this(topicName, layout, durability, load, onTime, catchUp, sloP99, warmupMs, warmUntil, origin, corrections, 0);
        }

        /** The k-th correction: {@code recordsPerSecond} held as long, on a fresh topic of the same layout. */
        Request correctedTo(double recordsPerSecond, int k) {
            String topic = topicName + "-" + (k + 1);
            return new Request(topic, brokers -> layout.apply(brokers).withName(topic), durability,
                    load.withTopic(topic).withTargetRate(recordsPerSecond), onTime.withTopics(List.of(topic)), catchUp, sloP99,
                    warmupMs, warmUntil, origin, corrections, k);
        }

        /** The scenario this soak is in result.json: "soak", then "soak-2", "soak-3" for its corrections. */
        String scenario() {
            return correction == 0 ? SoakPlanner.SCENARIO : SoakPlanner.SCENARIO + "-" + (correction + 1);
        }

        /** The measured length: the load's, less its warm-up. */
        Duration soak() {
            return load.duration().minusMillis(warmupMs);
        }

        /** The lag the catch-up group keeps, or {@code null} without one (none, or reading from the start). */
        Duration catchUpLag() {
            return catchUp == null ? null : catchUp.keptLag();
        }
    }

    private SoakRun() {
    }

    /**
     * Holds the rate asked and, when it breaks for the cluster's reasons, up to {@link Request#corrections()} lower rates
     * for as long each ({@link SoakCorrection}), until one holds.
     *
     * @return the exit code: 1 when the rate asked broke, whether a correction held or not
     */
    public static int run(RunSession session, Request request) {
        List<String> groups = new ArrayList<>(request.onTime().groupIds());
        if (request.catchUp() != null) {
            groups.add(catchUpGroup(request));
        }
        Monitoring monitoring = session.startMonitoring(groups);
        List<SoakSummary.Held> soaks = new ArrayList<>();
        Request soak = request;
        while (true) {
            Optional<SoakVerdict> verdict = soakOnce(session, soak, monitoring);
            if (verdict.isEmpty()) {
                break;
            }
            soaks.add(new SoakSummary.Held(soak.load().targetRecordsPerSecond() * soak.load().recordSizeBytes(), verdict.get()));
            Optional<Double> lower = soak.correction() < request.corrections() && !session.cancelled()
                    ? SoakCorrection.next(verdict.get(), soak.load().targetRecordsPerSecond()) : Optional.empty();
            if (lower.isEmpty()) {
                break;
            }
            soak = request.correctedTo(lower.get(), soak.correction() + 1);
            session.progress().line(String.format(Locale.ROOT, "the rate broke; correction %d of %d holds %s for %s on a fresh topic",
                    soak.correction(), request.corrections(),
                    HumanUnits.rate(lower.get() * request.load().recordSizeBytes()), SoakJudge.clock(request.soak().toMillis())));
        }
        if (soaks.isEmpty()) {
            return session.exitCode(ExitCode.OK);
        }
        session.document().setSummary(SoakSummary.of(soaks));
        return session.exitCode(soaks.get(0).verdict().held() ? ExitCode.OK : ExitCode.RUN_FAILED);
    }

    private static String catchUpGroup(Request request) {
        return request.onTime().groupId() + "-catch-up";
    }

    /** One rate held on its own topic, in its own scenario; empty when the run ended before a verdict. */
    private static Optional<SoakVerdict> soakOnce(RunSession session, Request request, Monitoring monitoring) {
        Driver driver = session.cluster().driver();
        TopicSpec layout = request.layout().apply(session.brokerCount());
        DurabilitySettings durable = driver.durability(request.durability(), layout.replicationFactor());
        TopicSpec topic = session.topics().capped(layout.withConfigs(durable.topicConfigs()));
        requireRetentionFor(request, topic);
        // the probe's producers (big batches, short queues): the soak holds what the probe measured, with the client
        // as cheap per record as it was there
        Map<String, String> defaults = new LinkedHashMap<>(driver.producerDefaults(ProducerProfile.CAPACITY));
        defaults.putAll(durable.producerProperties());
        ProducerLoadSpec producers = request.load().withDefaults(defaults);
        String catchUpGroup = request.catchUp() == null ? null : catchUpGroup(request);
        Double diskLimit = session.topics().budget().map(b -> (double) b.budgetBytes()).orElse(null);
        SoakCriteria criteria = new SoakCriteria(producers.targetRecordsPerSecond(), request.sloP99(), request.soak(),
                request.onTime().groupId(), catchUpGroup, request.catchUp(), diskLimit,
                retentionCap(topic), request.origin(), request.correction());
        ResultDocument document = session.document();
        long loadMs = producers.duration().toMillis();
        AtomicReference<CatchUpReader> reader = new AtomicReference<>();
        WarmupTarget warmUntil = SoakPlanner.warmTarget(request.warmUntil(), request.catchUpLag());
        SoakPlanner planner = new SoakPlanner(request.scenario(), topic, producers, request.onTime(), request.durability(),
                request.warmupMs(), StepPlan.DRAIN_TIMEOUT.toMillis(), warmUntil, created -> {
            if (request.catchUpLag() != null) {
                Duration runFor = warmUntil.longest().plusMillis(loadMs).plus(StepPlan.DRAIN_TIMEOUT.multipliedBy(2));
                reader.set(CatchUpReader.start(driver, created.name(), catchUpGroup, request.catchUpLag(), Duration.ZERO,
                        runFor, document::addSample));
                session.progress().line("catch-up group " + catchUpGroup + " reads " + request.catchUpLag().toSeconds()
                        + " s behind the writes");
            }
        }, () -> {
            if (request.catchUp() != null && request.catchUp().fromStart()) {
                // halfway through the measured soak, the topic holds the most history retention lets it keep by then
                Duration joinAfter = Duration.ofMillis(request.warmupMs()).plus(request.soak().dividedBy(2));
                reader.set(CatchUpReader.start(driver, topic.name(), catchUpGroup, Duration.ZERO, joinAfter,
                        Duration.ofMillis(loadMs).plus(StepPlan.DRAIN_TIMEOUT.multipliedBy(2)), document::addSample));
                session.progress().line("catch-up group " + catchUpGroup + " joins in " + SoakJudge.clock(joinAfter.toMillis())
                        + " and reads the topic from its start");
            }
        });
        MinuteLatency latency = new MinuteLatency(planner.soakStep());
        SoakJudge judge = new SoakJudge(criteria, load -> minutes(load, latency, document, criteria));
        ExperimentResult result;
        try {
            result = session.runExperiment(new Experiment(SoakPlanner.KIND, planner, judge), monitoring,
                    new LoadProgress(session.progress(), "soak"), latency, new ExperimentListener() { }, ActionHandler.NONE);
        } finally {
            CatchUpReader r = reader.get();
            if (r != null) {
                r.close();
                if (r.failure() != null) {
                    session.document().addSummaryNote("the catch-up group failed: " + r.failure());
                }
            }
        }
        return result.verdicts().get(request.scenario()) instanceof SoakVerdict verdict ? Optional.of(verdict)
                : Optional.empty();
    }

    private static List<SoakMinute> minutes(MeasuredStep load, MinuteLatency latency, ResultDocument document,
                                            SoakCriteria criteria) {
        long started = SoakJudge.started(load);
        long loadEnd = started + load.plan().load().producerSpec().orElseThrow().duration().toMillis();
        return MinuteSeries.of(load.outcome().rows(), loadEnd, latency, document.samplesBetween(started, loadEnd), criteria);
    }

    /**
     * What retention keeps the topic at, every replica counted: each holds up to {@code retention.bytes} of closed
     * segments and the active one ({@code segment.bytes}); {@code null} without a size cap.
     */
    static Double retentionCap(TopicSpec topic) {
        String retention = topic.configs().get("retention.bytes");
        if (retention == null || Long.parseLong(retention) < 0) {
            return null;
        }
        String segment = topic.configs().get("segment.bytes");
        int replicas = topic.replicaAssignment().isEmpty() ? topic.replicationFactor() : topic.replicaAssignment().get(0).size();
        return (double) (Long.parseLong(retention) + (segment == null ? 0 : Long.parseLong(segment)))
                * topic.partitions() * replicas;
    }

    /** A catch-up group behind by more than retention keeps would read deleted records: refused before the load. */
    private static void requireRetentionFor(Request request, TopicSpec topic) {
        String retention = topic.configs().get("retention.bytes");
        if (request.catchUpLag() == null || retention == null) {
            return;
        }
        double bytesPerSecond = request.load().targetRecordsPerSecond() * request.load().recordSizeBytes();
        double keptSeconds = Double.parseDouble(retention) * topic.partitions() / bytesPerSecond;
        if (keptSeconds < RETAINED_LAGS * request.catchUpLag().toSeconds()) {
            throw new UsageException(String.format(Locale.ROOT, "the disk budget keeps %.0f s of the soak's %s on its topic, "
                    + "under %d × the catch-up lag of %d s: raise --disk-budget or shorten --catch-up", keptSeconds,
                    HumanUnits.rate(bytesPerSecond), RETAINED_LAGS, request.catchUpLag().toSeconds()));
        }
    }
}
