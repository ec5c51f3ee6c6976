package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** The one line a run is remembered by: the document's headline, or a single-step run's own figures. */
final class Headline {

    static final String CLIENT_LIMITED = "mqprobe itself was the bottleneck (client-limited): the cluster can take more than"
            + " these figures show; add load-generator machines or cores to measure its real ceiling.";

    private Headline() {
    }

    /** Null when the run has neither a headline nor a single measured step to speak for it. */
    static String of(JsonNode result) {
        String headline = Fields.text(Fields.object(result, "summary"), "headline");
        if (headline != null) {
            return headline;
        }
        List<JsonNode> scenarios = Fields.objects(result, "scenarios");
        if (scenarios.size() == 1) {
            List<JsonNode> steps = Fields.objects(scenarios.get(0), "steps");
            if (steps.size() == 1) {
                return VerdictText.stepFigures(steps.get(0));
            }
        }
        return null;
    }
}
