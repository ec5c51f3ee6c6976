package io.mqprobe.report;

import io.mqprobe.api.monitor.LatencyBreakdown;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where each step's produce latency went (the field study's breakdown): a stacked bar per step, a table of the
 * parts, and one line naming the largest part of the slowest step and what usually moves it.
 */
final class BreakdownSection {

    private static final String[] COLORS = {"#0ea5e9", "#f59e0b", "#10b981", "#ef4444", "#a855f7", "#64748b", "#f97316", "#334155"};

    private BreakdownSection() {
    }

    /** Every step's breakdown, by step label in step order; empty when no step has one. */
    static Map<String, LatencyBreakdown> of(ScenarioResult scenario) {
        Map<String, LatencyBreakdown> byStep = new LinkedHashMap<>();
        for (StepResult step : scenario.steps()) {
            LatencyBreakdown.of(resources(step)).ifPresent(b -> byStep.put(ScalingCharts.label(step), b));
        }
        return byStep;
    }

    /** The slowest step's breakdown, with its label. */
    static Optional<Map.Entry<String, LatencyBreakdown>> slowest(Map<String, LatencyBreakdown> byStep) {
        return byStep.entrySet().stream().max(Comparator.comparingDouble(e -> e.getValue().totalMs()));
    }

    static String html(ScenarioResult scenario, Charts charts) {
        Map<String, LatencyBreakdown> byStep = of(scenario);
        if (byStep.isEmpty()) {
            return "";
        }
        List<String> labels = new ArrayList<>(byStep.keySet());
        List<String> parts = partLabels(byStep);
        ChartSpec spec = ChartSpec.stackedOverSteps("step", labels).axis("y", MetricUnit.MILLIS, "mean per request", null);
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            spec.categoryLine(part, "y", COLORS[i % COLORS.length],
                    byStep.values().stream().map(b -> meanOf(b, part)).toList()).put("fill", true);
        }
        StringBuilder html = new StringBuilder("<h3>Where produce latency went</h3>\n");
        html.append(charts.grid(List.of(new Figure("Latency breakdown per step", "producer queue + request round trip, "
                + "the broker's part split as its Produce RequestMetrics say", spec, false)), "grid two"));
        html.append("<div class=\"table-wrap\"><table class=\"breakdown\"><thead><tr><th>part</th>");
        labels.forEach(l -> html.append("<th class=\"num\">").append(Html.esc(l)).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (String part : parts) {
            html.append("<tr><td>").append(Html.esc(part)).append("</td>");
            byStep.values().forEach(b -> html.append("<td class=\"num\">").append(Html.esc(ms(meanOf(b, part)))).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("<tr><td><b>total</b></td>");
        byStep.values().forEach(b -> html.append("<td class=\"num\"><b>").append(Html.esc(ms(b.totalMs()))).append("</b></td>"));
        html.append("</tr></tbody></table></div>\n");
        slowest(byStep).ifPresent(e -> html.append("<p class=\"advice\">Step ").append(Html.esc(e.getKey())).append(": ")
                .append(Html.esc(e.getValue().advice())).append("</p>\n"));
        return html.toString();
    }

    /** One line for the terminal and Markdown: the slowest step's parts and its largest part. */
    static Optional<String> line(ScenarioResult scenario) {
        return slowest(of(scenario)).map(e -> {
            StringBuilder text = new StringBuilder("step " + e.getKey() + ": ");
            List<String> bits = new ArrayList<>();
            e.getValue().parts().forEach(p -> bits.add(p.label() + " " + ms(p.meanMs())));
            return text.append(String.join(" + ", bits)).append(" = ").append(ms(e.getValue().totalMs()))
                    .append("; ").append(e.getValue().advice()).toString();
        });
    }

    /** The step's resources with a measured mean; an unmeasured peak (NaN) reads as the mean. */
    private static List<ResourceUsage> resources(StepResult step) {
        List<ResourceUsage> out = new ArrayList<>();
        for (ResourceUsage r : step.resources() == null ? List.<ResourceUsage>of() : step.resources()) {
            if (!Double.isNaN(r.mean())) {
                out.add(Double.isNaN(r.peak()) ? new ResourceUsage(r.source(), r.metric(), r.mean(), r.mean(), r.capacity()) : r);
            }
        }
        return out;
    }

    private static List<String> partLabels(Map<String, LatencyBreakdown> byStep) {
        List<String> labels = new ArrayList<>();
        byStep.values().forEach(b -> b.parts().forEach(p -> {
            if (!labels.contains(p.label())) {
                labels.add(p.label());
            }
        }));
        return labels;
    }

    private static Double meanOf(LatencyBreakdown b, String part) {
        return b.parts().stream().filter(p -> p.label().equals(part)).map(LatencyBreakdown.Part::meanMs).findFirst().orElse(null);
    }

    private static String ms(Double value) {
        return value == null ? "–" : String.format(Locale.ROOT, "%.2f ms", value);
    }
}
