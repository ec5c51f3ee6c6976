package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.search.ScenarioVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

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

    /** The figure, or null when there are no intervals. {@code intervals} are in time order; {@code scenario} may be null (the whole run). */
    static Figure build(List<IntervalRow> intervals, long originMs, ScenarioResult scenario) {
        if (intervals.isEmpty()) {
            return null;
        }
        int n = intervals.size();
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (intervals.get(i).epochMs() - originMs) / 1000.0;
        }
        ChartSpec spec = ChartSpec.overTime()
                .axis("y", MetricUnit.PER_SECOND, "records/s", null)
                .axis("y1", MetricUnit.MICROS, "p99", null);
        line(spec, "acked/s", "y", "#2563eb", xs, intervals, IntervalRow::ackedPerSecond).put("width", 2).put("fill", true);
        line(spec, "sent/s", "y", "#93c5fd", xs, intervals, IntervalRow::sentPerSecond).put("dash", true).put("width", 1);
        line(spec, "consumed/s", "y", "#0d9488", xs, intervals, i -> orNaN(i.consumedPerSecond())).put("dash", true);
        line(spec, "p99", "y1", "#dc2626", xs, intervals, IntervalRow::p99Us).put("width", 1.5);
        line(spec, "end-to-end p99", "y1", "#7c3aed", xs, intervals, i -> orNaN(i.e2eP99Us())).put("dash", true);
        List<double[]> errorSeconds = new ArrayList<>();
        for (int i = 0; i < n && errorSeconds.size() < Downsampler.MAX_POINTS; i++) {
            IntervalRow interval = intervals.get(i);
            if (interval.errors() > 0) {
                errorSeconds.add(new double[]{xs[i], Double.isNaN(interval.ackedPerSecond()) ? 0 : interval.ackedPerSecond()});
            }
        }
        if (!errorSeconds.isEmpty()) {
            spec.timeMarkers(ChartSpec.Marker.ERROR, "seconds with send errors", "y", errorSeconds);
        }
        shadeSteps(spec, intervals, xs, scenario);
        Optional<String> marked = scenario == null ? Optional.empty()
                : VerdictSection.of(scenario.verdict()).flatMap(section -> section.markIntervals(spec, scenario.verdict(), originMs));
        spec.dropEmptyDatasets();
        return new Figure("Per second", marked.orElse(
                "shaded: warm-up (grey, labelled with the step's clients), knee step (orange), sustainable step (green)"), spec, false);
    }

    /** A line of the intervals that know {@code field} (unknown reads as NaN); one that no interval knows is dropped later. */
    private static ObjectNode line(ChartSpec spec, String label, String axis, String color, double[] xs,
                                   List<IntervalRow> intervals, ToDoubleFunction<IntervalRow> field) {
        double[] px = new double[xs.length];
        double[] py = new double[xs.length];
        int count = 0;
        for (int i = 0; i < xs.length; i++) {
            double v = field.applyAsDouble(intervals.get(i));
            if (!Double.isNaN(v)) {
                px[count] = xs[i];
                py[count++] = v;
            }
        }
        Downsampler.Series s = Downsampler.minMax(px, py, count, Downsampler.MAX_POINTS);
        return spec.timeLine(label, axis, color, s.xs(), s.ys(), s.count());
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** One band per contiguous run of intervals of the same step and phase. */
    private static void shadeSteps(ChartSpec spec, List<IntervalRow> intervals, double[] xs, ScenarioResult scenario) {
        ScenarioVerdict verdict = scenario == null ? null : scenario.probeFindings();
        Integer knee = verdict == null || verdict.knee() == null ? null : verdict.knee().step();
        Integer sustainable = verdict == null || verdict.sustainable() == null ? null : verdict.sustainable().step();
        int start = 0;
        for (int i = 1; i <= intervals.size(); i++) {
            if (i < intervals.size() && sameRun(intervals.get(start), intervals.get(i))) {
                continue;
            }
            IntervalRow first = intervals.get(start);
            double from = xs[start] - 0.5;
            double to = xs[i - 1] + 0.5;
            if (IntervalRow.WARMUP.equals(first.phase())) {
                String label = scenario == null ? null : scenario.steps().stream().filter(s -> s.index() == first.step())
                        .findFirst().map(ScalingCharts::label).orElse(null);
                spec.band(from, to, WARMUP, label, false);
            } else if (knee != null && first.step() == knee) {
                spec.band(from, to, KNEE, "knee", true);
            } else if (sustainable != null && first.step() == sustainable) {
                spec.band(from, to, SUSTAINABLE, "sustainable", true);
            }
            start = i;
        }
    }

    private static boolean sameRun(IntervalRow a, IntervalRow b) {
        return a.step() == b.step() && Objects.equals(a.phase(), b.phase());
    }
}
