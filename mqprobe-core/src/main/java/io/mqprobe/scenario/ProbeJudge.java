package io.mqprobe.scenario;

import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioOutcome;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepMeasurement;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.KneeConfirmation;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;
import io.mqprobe.stats.LatencySummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Judges a probe scenario: ceiling, knee and bottleneck from its unthrottled steps (latency recorded,
 * not judged: an unthrottled producer's latency is its own queue), the sustainable load from its paced
 * steps against every threshold.
 */
public final class ProbeJudge implements Judge {

    /** The experiment kind in the result document. */
    public static final String KIND = "probe";

    private static final String HOST = "host";
    /** The host's CPU this busy, with no isolated process at its quota, means other work took the cores. */
    static final double HOST_BUSY_PCT = 90;

    private final ProbePlanner planner;
    private final Thresholds thresholds;

    public ProbeJudge(ProbePlanner planner, Thresholds thresholds) {
        this.planner = planner;
        this.thresholds = thresholds;
    }

    @Override
    public Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        String stopReason = interrupted ? "interrupted" : planner.stopReason(scenario).orElse("interrupted");
        boolean hostShared = planner.hostShared();
        // a knee measured twice is judged on the latest measurement of each client count, as the planner did
        List<StepMeasurement> ramp = KneeConfirmation.latestPerClients(
                measurements(steps.stream().filter(ProbePlanner::saturating).toList(), hostShared));
        List<StepMeasurement> paced = measurements(steps.stream().filter(s -> !ProbePlanner.saturating(s)).toList(), hostShared);
        ScenarioVerdict found = VerdictFinder.find(ramp, thresholds.withoutLatencyJudgement(), stopReason);
        ScenarioVerdict saturation = hostShared ? found : outsideWork(found, steps);
        Optional<SustainableSearch> search = planner.search(scenario);
        if (saturation.ceiling() == null || paced.isEmpty() || search.isEmpty()) {
            return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), saturation.knee(), null, saturation.bottleneck(),
                    stopReason));
        }
        Optional<SustainablePoint> sustainable = search.get().result(paced);
        Bottleneck bottleneck = saturation.bottleneck();
        // the paced search, not the unthrottled ramp, says whether a load is sustainable
        List<String> evidence = new ArrayList<>(bottleneck.evidence().stream().filter(e -> !e.startsWith(VerdictFinder.NO_SUSTAINABLE)).toList());
        if (sustainable.isEmpty()) {
            evidence.add(VerdictFinder.NO_SUSTAINABLE + search.get().noneReason(paced));
        }
        bottleneck = new Bottleneck(bottleneck.resource(), bottleneck.source(), bottleneck.summary(), evidence);
        return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), saturation.knee(), sustainable.orElse(null), bottleneck,
                stopReason));
    }

    /**
     * With isolation, brokers and client cannot starve each other (their quotas fit the machine); when none of them
     * reached its quota but the host's CPU was full at the ceiling, other work on the host took the cores. That is
     * named (resource cpu, source host) instead of "no bottleneck", because the figures are then lower bounds.
     */
    private static ScenarioVerdict outsideWork(ScenarioVerdict verdict, List<MeasuredStep> steps) {
        String resource = verdict.bottleneck().resource();
        // "nothing saturated" in any form (none, latency, a partition's log) is only believable when the host had cores to spare
        if (verdict.ceiling() == null || !(Bottleneck.NONE.equals(resource) || Bottleneck.LATENCY.equals(resource)
                || Bottleneck.PARTITION.equals(resource))) {
            return verdict;
        }
        int at = verdict.ceiling().step();
        Optional<ResourceUsage> host = steps.stream().filter(s -> s.result().index() == at).findFirst()
                .flatMap(s -> s.result().resources().stream()
                        .filter(r -> HOST.equals(r.source()) && Metric.CPU_CORES.equals(r.metric())).findFirst())
                .filter(r -> r.meanPct() >= HOST_BUSY_PCT);
        if (host.isEmpty()) {
            return verdict;
        }
        String line = "host CPU " + io.mqprobe.api.units.HumanUnits.cores(host.get()) + " ("
                + io.mqprobe.api.units.HumanUnits.pct(host.get().meanPct()) + ")";
        List<String> evidence = new ArrayList<>();
        evidence.add(line);
        evidence.addAll(verdict.bottleneck().evidence());
        Bottleneck outside = new Bottleneck(Bottleneck.CPU, HOST, line + " at the ceiling (step " + at + ") with no isolated "
                + "process at its quota: other work on this machine took the cores, so figures are lower bounds", evidence);
        return new ScenarioVerdict(verdict.ceiling(), verdict.knee(), verdict.sustainable(), outside, verdict.stopReason());
    }

    /** Every scenario as the capacity summary needs it: layout, durability, verdict or why it was skipped. */
    public List<ScenarioOutcome> outcomes(ExperimentResult result) {
        List<ScenarioOutcome> outcomes = new ArrayList<>();
        for (ProbePlanner.ScenarioSetup s : planner.setups()) {
            if (s.skipped() != null) {
                outcomes.add(ScenarioOutcome.skipped(s.spec().name(), s.replicationFactor(), s.spec().durability(),
                        s.spec().pinToOneBroker(), s.skipped()));
            } else if (result.verdicts().get(s.spec().name()) instanceof ProbeVerdict v) {
                outcomes.add(new ScenarioOutcome(s.spec().name(), s.replicationFactor(), s.spec().durability(),
                        s.spec().pinToOneBroker(), v.findings()).withPartitions(s.spec().partitions()));
            }
        }
        return outcomes;
    }

    /**
     * The steps as the search judges them. With isolation ({@code hostShared} false) the host's CPU is left
     * out: every process is judged against its own quota, and the rest of the host may be other work.
     */
    public static List<StepMeasurement> measurements(List<MeasuredStep> steps, boolean hostShared) {
        return steps.stream().map(s -> toMeasurement(s.result(), hostShared)).toList();
    }

    static StepMeasurement toMeasurement(StepResult step, boolean hostShared) {
        StepMeasurement m = toMeasurement(step);
        if (hostShared) {
            return m;
        }
        List<ResourceUsage> own = m.resources().stream()
                .filter(r -> !(HOST.equals(r.source()) && Metric.CPU_CORES.equals(r.metric()))).toList();
        return m.withResources(own);
    }

    static StepMeasurement toMeasurement(StepResult step) {
        long errors = step.errors().values().stream().mapToLong(Long::longValue).sum();
        LatencySummary l = step.latencyUs();
        return new StepMeasurement(step.index(), step.clients(), step.targetRecordsPerSecond(), step.recordsPerSecond(),
                step.bytesPerSecond(), step.records(), errors,
                l.count() == 0 ? null : l,
                step.resources(), step.throughputInterval(),
                step.settle() == null ? 0 : step.settle().underReplicatedAtStart());
    }
}
