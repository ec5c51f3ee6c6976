package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Objects;

/**
 * Per-second throughput and p99 of one scenario over time, with warm-ups shaded and the knee and
 * sustainable steps' measured windows tinted, so a reader sees whether a step was steady.
 */
final class IntervalChart {

    private static final String WARMUP = "rgba(148,163,184,0.18)";
    private static final String KNEE = "rgba(234,88,12,0.12)";
    private static final String SUSTAINABLE = "rgba(22,163,74,0.12)";

    private IntervalChart() {
    }

    /** The figure, or null when there are no intervals. {@code intervals} are in time order. */
    static Figure build(List<JsonNode> intervals, long originMs, JsonNode scenario) {
        if (intervals.isEmpty()) {
            return null;
        }
        int n = intervals.size();
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (Fields.number(intervals.get(i), "epochMs") - originMs) / 1000.0;
        }
        ChartSpec spec = ChartSpec.overTime()
                .axis("y", MetricUnit.PER_SECOND, "records/s", null)
                .axis("y1", MetricUnit.MICROS, "p99", null);
        line(spec, "acked/s", "y", "#2563eb", xs, intervals, "ackedPerSecond").put("width", 2).put("fill", true);
        line(spec, "sent/s", "y", "#93c5fd", xs, intervals, "sentPerSecond").put("dash", true).put("width", 1);
        line(spec, "consumed/s", "y", "#0d9488", xs, intervals, "consumedPerSecond").put("dash", true);
        line(spec, "p99", "y1", "#dc2626", xs, intervals, "p99Us").put("width", 1.5);
        line(spec, "end-to-end p99", "y1", "#7c3aed", xs, intervals, "e2eP99Us").put("dash", true);
        List<double[]> errorSeconds = new ArrayList<>();
        for (int i = 0; i < n && errorSeconds.size() < Downsampler.MAX_POINTS; i++) {
            Double errors = Fields.number(intervals.get(i), "errors");
            Double acked = Fields.number(intervals.get(i), "ackedPerSecond");
            if (errors != null && errors > 0) {
                errorSeconds.add(new double[]{xs[i], acked == null ? 0 : acked});
            }
        }
        if (!errorSeconds.isEmpty()) {
            spec.timeMarkers(ChartSpec.Marker.ERROR, "seconds with send errors", "y", errorSeconds);
        }
        shadeSteps(spec, intervals, xs, scenario);
        Optional<String> marked = VerdictSection.of(Typed.verdict(Fields.object(scenario, "verdict")))
                .flatMap(section -> section.markIntervals(spec, Typed.verdict(Fields.object(scenario, "verdict")), originMs));
        spec.dropEmptyDatasets();
        return new Figure("Per second", marked.orElse(
                "shaded: warm-up (grey, labelled with the step's clients), knee step (orange), sustainable step (green)"), spec, false);
    }

    /** A line of the intervals that have {@code field}; one that no interval has is dropped later. */
    private static ObjectNode line(ChartSpec spec, String label, String axis, String color, double[] xs,
                                   List<JsonNode> intervals, String field) {
        double[] px = new double[xs.length];
        double[] py = new double[xs.length];
        int count = 0;
        for (int i = 0; i < xs.length; i++) {
            Double v = Fields.number(intervals.get(i), field);
            if (v != null) {
                px[count] = xs[i];
                py[count++] = v;
            }
        }
        Downsampler.Series s = Downsampler.minMax(px, py, count, Downsampler.MAX_POINTS);
        return spec.timeLine(label, axis, color, s.xs(), s.ys(), s.count());
    }

    /** One band per contiguous run of intervals of the same step and phase. */
    private static void shadeSteps(ChartSpec spec, List<JsonNode> intervals, double[] xs, JsonNode scenario) {
        JsonNode verdict = Fields.probeVerdict(scenario);
        Double knee = Fields.number(Fields.object(verdict, "knee"), "step");
        Double sustainable = Fields.number(Fields.object(verdict, "sustainable"), "step");
        int start = 0;
        for (int i = 1; i <= intervals.size(); i++) {
            if (i < intervals.size() && sameRun(intervals.get(start), intervals.get(i))) {
                continue;
            }
            JsonNode first = intervals.get(start);
            Double step = Fields.number(first, "step");
            double from = xs[start] - 0.5;
            double to = xs[i - 1] + 0.5;
            if ("warmup".equals(Fields.text(first, "phase"))) {
                StepResult typedStep = step == null ? null : VerdictText.step(Typed.scenario(scenario), step.intValue());
                JsonNode stepNode = typedStep == null ? null : Typed.tree(typedStep);
                spec.band(from, to, WARMUP, stepNode == null ? null : ScalingCharts.label(stepNode), false);
            } else if (step != null && step.equals(knee)) {
                spec.band(from, to, KNEE, "knee", true);
            } else if (step != null && step.equals(sustainable)) {
                spec.band(from, to, SUSTAINABLE, "sustainable", true);
            }
            start = i;
        }
    }

    private static boolean sameRun(JsonNode a, JsonNode b) {
        return Objects.equals(Fields.number(a, "step"), Fields.number(b, "step"))
                && Objects.equals(Fields.text(a, "phase"), Fields.text(b, "phase"));
    }
}
