package io.mqprobe.probe;

import io.mqprobe.run.LoadProgress;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.ProfileFiles;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.TopicLifecycle;
import io.mqprobe.probe.ProbeJudge;
import io.mqprobe.probe.ProbePlanner;
import io.mqprobe.probe.ProbeSettings;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.ScenarioOutcome;

import java.util.List;

/**
 * The probe's search over scenarios in an open session: planned and judged the probe's way on fresh topics, run by
 * the session's one runner. {@code mqprobe probe} runs it, and so does an OMB workload that asks for the most the
 * cluster takes ({@code producerRate: 0}), so both search alike.
 */
public final class ProbeExperiment {

    private ProbeExperiment() {
    }

    /**
     * @param progressPrefix what starts each progress line of the load
     * @return each scenario's outcome (skipped ones too), in the scenarios' order
     */
    public static List<ScenarioOutcome> run(RunSession session, Monitoring monitoring, List<ScenarioSpec> scenarios,
                                            ProbeSettings settings, String progressPrefix, ExperimentListener listener) {
        return run(session, monitoring, scenarios, settings, null, progressPrefix, listener);
    }

    /** @param budget how long the whole probe may take, or {@code null} for no limit */
    public static List<ScenarioOutcome> run(RunSession session, Monitoring monitoring, List<ScenarioSpec> scenarios,
                                            ProbeSettings settings, TimeBudget budget, String progressPrefix,
                                            ExperimentListener listener) {
        ProbePlanner planner = new ProbePlanner(scenarios, settings, session.cluster().driver(), TopicLifecycle::freshName,
                session.cluster().hostShared(), budget);
        ProbeJudge judge = new ProbeJudge(settings.thresholds(), session.cluster().hostShared(), monitoring.profiles());
        ExperimentResult result = session.runExperiment(new Experiment(ProbeJudge.KIND, planner, judge), monitoring,
                new LoadProgress(session.progress(), progressPrefix),
                new ProfileFiles(monitoring.profiles(), session.output().runDir(), listener));
        return planner.outcomes(result);
    }
}
