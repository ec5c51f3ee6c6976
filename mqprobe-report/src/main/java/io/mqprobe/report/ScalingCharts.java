package io.mqprobe.report;

import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.Thresholds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Throughput and p99 latency against the load steps of one scenario, with the verdict points marked. */
final class ScalingCharts {

    private ScalingCharts() {
    }

    /** Two figures, or none when the scenario has fewer than two steps (one point is not a curve). */
    /** {@code thresholds} may be null (commands that judge none). */
    static List<Figure> build(ScenarioResult scenario, Thresholds thresholds) {
        List<StepResult> steps = scenario.steps();
        if (steps.size() < 2) {
            return List.of();
        }
        List<String> labels = steps.stream().map(ScalingCharts::label).toList();
        ScenarioVerdict verdict = scenario.probeFindings();
        return List.of(throughput(steps, labels, verdict), latency(steps, labels, verdict, thresholds));
    }

    private static Figure throughput(List<StepResult> steps, List<String> labels, ScenarioVerdict verdict) {
        ChartSpec spec = ChartSpec.overSteps("clients (load step)", labels)
                .axis("y", MetricUnit.BYTES_PER_SECOND, "throughput", null)
                .axis("y1", MetricUnit.PER_SECOND, "records/s", null);
        List<Double> bytes = values(steps, StepResult::bytesPerSecond);
        spec.categoryLine("throughput (bytes/s)", "y", "#2563eb", bytes).put("width", 2.5).put("fill", true);
        spec.categoryLine("records/s", "y1", "#64748b", values(steps, StepResult::recordsPerSecond))
                .put("dash", true).put("width", 1.5);
        markVerdict(spec, steps, verdict, "y", bytes);
        return new Figure("Throughput vs load", "acknowledged in the measured window of each step", spec, false);
    }

    private static Figure latency(List<StepResult> steps, List<String> labels, ScenarioVerdict verdict, Thresholds thresholds) {
        ChartSpec spec = ChartSpec.overSteps("clients (load step)", labels)
                .axis("y", MetricUnit.MICROS, "latency", null);
        List<Double> p99 = values(steps, s -> p99(s.latencyUs()));
        spec.categoryLine("p99 (from intended send)", "y", "#dc2626", p99).put("width", 2.5);
        spec.categoryLine("p99 (service)", "y", "#f97316", values(steps, s -> p99(s.serviceLatencyUs())))
                .put("dash", true);
        spec.categoryLine("p99.9", "y", "#fca5a5", values(steps, s -> s.latencyUs() == null ? null : s.latencyUs().p999()))
                .put("width", 1);
        List<Double> e2e = values(steps, s -> p99(s.e2eLatencyUs()));
        if (e2e.stream().anyMatch(v -> v != null)) {
            spec.categoryLine("end-to-end p99", "y", "#7c3aed", e2e).put("dash", true);
        }
        String note = "coordinated-omission corrected";
        Duration slo = thresholds == null ? null : thresholds.sloP99();
        double peak = p99.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).max().orElse(0);
        if (slo != null) {
            double sloUs = slo.toNanos() / 1e3;
            // an SLO far above every point would squash the curve flat; it is named in the caption instead
            if (peak >= 0.3 * sloUs) {
                spec.categoryLine("SLO p99", "y", "#991b1b", steps.stream().map(s -> sloUs).toList())
                        .put("dash", true).put("width", 1).put("points", false);
            }
            note += " · SLO p99 " + HumanUnits.latencyUs(sloUs);
        }
        markVerdict(spec, steps, verdict, "y", p99);
        return new Figure("p99 latency vs load", note, spec, false);
    }

    private static void markVerdict(ChartSpec spec, List<StepResult> steps, ScenarioVerdict verdict, String axis, List<Double> values) {
        if (verdict == null) {
            return;
        }
        mark(spec, steps, verdict.ceiling() == null ? null : verdict.ceiling().step(), ChartSpec.Marker.CEILING, "ceiling", axis, values);
        mark(spec, steps, verdict.knee() == null ? null : verdict.knee().step(), ChartSpec.Marker.KNEE, "knee", axis, values);
        mark(spec, steps, verdict.sustainable() == null ? null : verdict.sustainable().step(), ChartSpec.Marker.SUSTAINABLE,
                "sustainable", axis, values);
    }

    private static void mark(ChartSpec spec, List<StepResult> steps, Integer step, ChartSpec.Marker marker,
                             String name, String axis, List<Double> values) {
        int position = position(steps, step);
        if (position < 0 || values.get(position) == null) {
            return;
        }
        spec.categoryMarker(marker, name + " (" + labelOf(steps.get(position)) + ")", axis, position, steps.size(),
                values.get(position));
    }

    /** Where the step with {@code index} sits in the list, or -1. */
    static int position(List<StepResult> steps, Integer index) {
        for (int i = 0; index != null && i < steps.size(); i++) {
            if (steps.get(i).index() == index) {
                return i;
            }
        }
        return -1;
    }

    /** Each step's figure; an unknown one (NaN, as a null in the file reads) is a gap in the line. */
    private static List<Double> values(List<StepResult> steps, Function<StepResult, Double> field) {
        List<Double> out = new ArrayList<>(steps.size());
        steps.forEach(s -> {
            Double v = field.apply(s);
            out.add(v == null || v.isNaN() ? null : v);
        });
        return out;
    }

    private static Double p99(LatencySummary latency) {
        return latency == null ? null : latency.p99();
    }

    /** {@code 3} (clients), or {@code 3 @ 10k/s} when the step was rate-limited. */
    static String label(StepResult step) {
        Double target = step.targetRecordsPerSecond();
        String base = HumanUnits.count((double) step.clients());
        return target == null ? base : base + " @ " + compact(target) + "/s";
    }

    private static String labelOf(StepResult step) {
        String load = VerdictText.load(step);
        return load == null ? label(step) : load;
    }

    private static String compact(double n) {
        if (n >= 1e6) {
            return oneDecimal(n / 1e6) + "M";
        }
        if (n >= 1e3) {
            return oneDecimal(n / 1e3) + "k";
        }
        return oneDecimal(n);
    }

    private static String oneDecimal(double n) {
        String s = String.format(Locale.ROOT, "%.1f", n);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
