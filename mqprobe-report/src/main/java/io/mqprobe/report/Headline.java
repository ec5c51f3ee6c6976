package io.mqprobe.report;

import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.util.List;

/** The one line a run is remembered by: the document's headline, or a single-step run's own figures. */
final class Headline {

    static final String CLIENT_LIMITED = "mqprobe itself was the bottleneck (client-limited): the cluster can take more than"
            + " these figures show; add load-generator machines or cores to measure its real ceiling.";

    private Headline() {
    }

    /** Null when the run has neither a headline nor a single measured step to speak for it. */
    static String of(ResultDocument result) {
        String headline = result.summary().map(ResultDocument.Summary::headline).orElse(null);
        if (headline != null && !headline.isBlank()) {
            return headline;
        }
        List<ScenarioResult> scenarios = result.scenarios();
        if (scenarios.size() == 1) {
            List<StepResult> steps = scenarios.get(0).steps();
            if (steps.size() == 1) {
                return VerdictText.stepFigures(steps.get(0));
            }
        }
        return null;
    }
}
