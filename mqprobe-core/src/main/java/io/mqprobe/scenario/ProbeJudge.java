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
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;
import io.mqprobe.stats.LatencySummary;

import java.util.ArrayList;
import java.util.List;

/**
 * Judges a probe scenario: ceiling, knee and bottleneck from its unthrottled steps (latency recorded,
 * not judged: an unthrottled producer's latency is its own queue), the sustainable load from its paced
 * steps against every threshold.
 */
public final class ProbeJudge implements Judge {

    /** The experiment kind in the result document. */
    public static final String KIND = "probe";

    private final ProbePlanner planner;
    private final Thresholds thresholds;

    public ProbeJudge(ProbePlanner planner, Thresholds thresholds) {
        this.planner = planner;
        this.thresholds = thresholds;
    }

    @Override
    public Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        String stopReason = interrupted ? "interrupted" : planner.stopReason(scenario).orElse("interrupted");
        List<StepMeasurement> ramp = measurements(steps.stream().filter(ProbePlanner::saturating).toList());
        List<StepMeasurement> paced = measurements(steps.stream().filter(s -> !ProbePlanner.saturating(s)).toList());
        ScenarioVerdict saturation = VerdictFinder.find(ramp, thresholds.withoutLatencyJudgement(), stopReason);
        if (saturation.ceiling() == null || paced.isEmpty()) {
            return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), saturation.knee(), null, saturation.bottleneck(),
                    stopReason));
        }
        ScenarioVerdict judged = VerdictFinder.find(paced, thresholds, stopReason);
        Bottleneck bottleneck = saturation.bottleneck();
        if (judged.sustainable() == null) {
            List<String> evidence = new ArrayList<>(bottleneck.evidence());
            judged.bottleneck().evidence().stream().filter(e -> e.startsWith("no sustainable step")).forEach(evidence::add);
            bottleneck = new Bottleneck(bottleneck.resource(), bottleneck.source(), bottleneck.summary(), evidence);
        }
        return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), saturation.knee(), judged.sustainable(), bottleneck,
                stopReason));
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
                        s.spec().pinToOneBroker(), v.findings()));
            }
        }
        return outcomes;
    }

    static List<StepMeasurement> measurements(List<MeasuredStep> steps) {
        return steps.stream().map(s -> toMeasurement(s.result())).toList();
    }

    static StepMeasurement toMeasurement(StepResult step) {
        long errors = step.errors().values().stream().mapToLong(Long::longValue).sum();
        LatencySummary l = step.latencyUs();
        return new StepMeasurement(step.index(), step.clients(), step.targetRecordsPerSecond(), step.recordsPerSecond(),
                step.bytesPerSecond(), step.records(), errors,
                l.count() == 0 ? null : l,
                step.resources());
    }
}
