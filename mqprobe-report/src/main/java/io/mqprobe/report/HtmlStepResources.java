package io.mqprobe.report;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The steps' resource figures as a matrix (source and metric down, steps across): the numbers the
 * verdict's evidence quotes. Collapsed by default; it holds no charts.
 */
final class HtmlStepResources {

    /** A peak at or above this share of its capacity is tinted. */
    private static final double HOT_SHARE = 0.75;

    private record Key(String source, String metric) {
    }

    private HtmlStepResources() {
    }

    static String render(ScenarioResult scenario) {
        List<StepResult> steps = scenario.steps();
        Map<Key, ResourceUsage[]> rows = new TreeMap<>(Comparator.comparing(Key::source, SourceOrder.COMPARATOR).thenComparing(Key::metric));
        for (int i = 0; i < steps.size(); i++) {
            List<ResourceUsage> resources = steps.get(i).resources();
            for (ResourceUsage r : resources == null ? List.<ResourceUsage>of() : resources) {
                rows.computeIfAbsent(new Key(r.source(), r.metric()), k -> new ResourceUsage[steps.size()])[i] = r;
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        Bottleneck bottleneck = scenario.verdict() instanceof ProbeVerdict probe ? probe.findings().bottleneck() : null;
        String hot = bottleneck == null ? null : HtmlScenario.written(bottleneck.source());
        StringBuilder html = new StringBuilder("<details class=\"step-resources\"><summary>Resources per step (peak; mean on hover)</summary>")
                .append("<div class=\"table-wrap\"><table><thead><tr><th>source</th><th>metric</th>");
        for (StepResult step : steps) {
            html.append("<th class=\"num\">").append(Html.esc(ScalingCharts.label(step))).append("</th>");
        }
        html.append("</tr></thead><tbody>\n");
        List<String> cells = new ArrayList<>();
        rows.forEach((key, perStep) -> {
            cells.clear();
            MetricUnit unit = MetricUnit.of(key.metric());
            for (ResourceUsage r : perStep) {
                cells.add(cell(r, unit));
            }
            html.append(key.source().equals(hot) ? "<tr class=\"hot-source\">" : "<tr>")
                    .append("<td>").append(Html.esc(key.source())).append("</td><td>").append(Html.esc(key.metric())).append("</td>")
                    .append(String.join("", cells)).append("</tr>\n");
        });
        return html.append("</tbody></table></div></details>\n").toString();
    }

    /** A step's peak, its mean and capacity on hover; what was not measured (a null in an older file, NaN) is left out. */
    private static String cell(ResourceUsage r, MetricUnit unit) {
        if (r == null || Double.isNaN(r.peak())) {
            return "<td class=\"num\">" + HumanUnits.NONE + "</td>";
        }
        double peak = r.peak();
        OptionalDouble capacity = r.capacity();
        // idle percentages run the other way (low is bad), so only capacities in real units are tinted
        boolean over = unit != MetricUnit.PERCENT && capacity.orElse(0) > 0 && peak >= HOT_SHARE * capacity.getAsDouble();
        String title = (Double.isNaN(r.mean()) ? "" : "mean " + unit.format(r.mean()))
                + (capacity.isEmpty() ? "" : " · capacity " + unit.format(capacity.getAsDouble()));
        return "<td class=\"num" + (over ? " over" : "") + "\" title=\"" + Html.esc(title.trim()) + "\">"
                + Html.esc(unit.format(peak)) + "</td>";
    }
}
