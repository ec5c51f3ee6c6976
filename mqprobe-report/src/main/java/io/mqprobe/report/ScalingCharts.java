package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Throughput and p99 latency against the load steps of one scenario, with the verdict points marked. */
final class ScalingCharts {

    private ScalingCharts() {
    }

    /** Two figures, or none when the scenario has fewer than two steps (one point is not a curve). */
    static List<Figure> build(JsonNode scenario, JsonNode thresholds) {
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        if (steps.size() < 2) {
            return List.of();
        }
        List<String> labels = steps.stream().map(ScalingCharts::label).toList();
        JsonNode verdict = Fields.probeVerdict(scenario);
        return List.of(throughput(steps, labels, verdict), latency(steps, labels, verdict, thresholds));
    }

    private static Figure throughput(List<JsonNode> steps, List<String> labels, JsonNode verdict) {
        ChartSpec spec = ChartSpec.overSteps("clients (load step)", labels)
                .axis("y", MetricUnit.BYTES_PER_SECOND, "throughput", null)
                .axis("y1", MetricUnit.PER_SECOND, "records/s", null);
        List<Double> bytes = values(steps, s -> Fields.number(s, "bytesPerSecond"));
        spec.categoryLine("throughput (bytes/s)", "y", "#2563eb", bytes).put("width", 2.5).put("fill", true);
        spec.categoryLine("records/s", "y1", "#64748b", values(steps, s -> Fields.number(s, "recordsPerSecond")))
                .put("dash", true).put("width", 1.5);
        markVerdict(spec, steps, verdict, "y", bytes);
        return new Figure("Throughput vs load", "acknowledged in the measured window of each step", spec, false);
    }

    private static Figure latency(List<JsonNode> steps, List<String> labels, JsonNode verdict, JsonNode thresholds) {
        ChartSpec spec = ChartSpec.overSteps("clients (load step)", labels)
                .axis("y", MetricUnit.MICROS, "latency", null);
        List<Double> p99 = values(steps, s -> Fields.number(Fields.object(s, "latencyUs"), "p99"));
        spec.categoryLine("p99 (from intended send)", "y", "#dc2626", p99).put("width", 2.5);
        spec.categoryLine("p99 (service)", "y", "#f97316", values(steps, s -> Fields.number(Fields.object(s, "serviceLatencyUs"), "p99")))
                .put("dash", true);
        spec.categoryLine("p99.9", "y", "#fca5a5", values(steps, s -> Fields.number(Fields.object(s, "latencyUs"), "p999")))
                .put("width", 1);
        List<Double> e2e = values(steps, s -> Fields.number(Fields.object(s, "e2eLatencyUs"), "p99"));
        if (e2e.stream().anyMatch(v -> v != null)) {
            spec.categoryLine("end-to-end p99", "y", "#7c3aed", e2e).put("dash", true);
        }
        String note = "coordinated-omission corrected";
        Double sloMs = Fields.number(thresholds, "sloP99Ms");
        double peak = p99.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).max().orElse(0);
        if (sloMs != null) {
            double sloUs = sloMs * 1000;
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

    private static void markVerdict(ChartSpec spec, List<JsonNode> steps, JsonNode verdict, String axis, List<Double> values) {
        mark(spec, steps, Fields.object(verdict, "ceiling"), ChartSpec.Marker.CEILING, "ceiling", axis, values);
        mark(spec, steps, Fields.object(verdict, "knee"), ChartSpec.Marker.KNEE, "knee", axis, values);
        mark(spec, steps, Fields.object(verdict, "sustainable"), ChartSpec.Marker.SUSTAINABLE, "sustainable", axis, values);
    }

    private static void mark(ChartSpec spec, List<JsonNode> steps, JsonNode point, ChartSpec.Marker marker,
                             String name, String axis, List<Double> values) {
        int position = position(steps, Fields.number(point, "step"));
        if (position < 0 || values.get(position) == null) {
            return;
        }
        spec.categoryMarker(marker, name + " (" + labelOf(steps.get(position)) + ")", axis, position, steps.size(),
                values.get(position));
    }

    /** Where the step with {@code index} sits in the list, or -1. */
    static int position(List<JsonNode> steps, Double index) {
        for (int i = 0; index != null && i < steps.size(); i++) {
            if (index.equals(Fields.number(steps.get(i), "index"))) {
                return i;
            }
        }
        return -1;
    }

    private static List<Double> values(List<JsonNode> steps, Function<JsonNode, Double> field) {
        List<Double> out = new ArrayList<>(steps.size());
        steps.forEach(s -> out.add(field.apply(s)));
        return out;
    }

    /** {@code 3} (clients), or {@code 3 @ 10k/s} when the step was rate-limited. */
    static String label(JsonNode step) {
        Double clients = Fields.number(step, "clients");
        Double target = Fields.number(step, "targetRecordsPerSecond");
        String base = clients == null ? "step " + HumanUnits.count(Fields.number(step, "index")) : HumanUnits.count(clients);
        return target == null ? base : base + " @ " + compact(target) + "/s";
    }

    private static String labelOf(JsonNode step) {
        String load = VerdictText.load(Typed.step(step));
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
