package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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

    static String render(JsonNode scenario) {
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        Map<Key, JsonNode[]> rows = new TreeMap<>(Comparator.comparing(Key::source, SourceOrder.COMPARATOR).thenComparing(Key::metric));
        for (int i = 0; i < steps.size(); i++) {
            for (JsonNode r : Fields.objects(steps.get(i), "resources")) {
                String source = Fields.text(r, "source");
                String metric = Fields.text(r, "metric");
                if (source != null && metric != null) {
                    rows.computeIfAbsent(new Key(source, metric), k -> new JsonNode[steps.size()])[i] = r;
                }
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        String hot = Fields.text(Fields.object(Fields.probeVerdict(scenario), "bottleneck"), "source");
        StringBuilder html = new StringBuilder("<details class=\"step-resources\"><summary>Resources per step (peak; mean on hover)</summary>")
                .append("<div class=\"table-wrap\"><table><thead><tr><th>source</th><th>metric</th>");
        for (JsonNode step : steps) {
            html.append("<th class=\"num\">").append(Html.esc(ScalingCharts.label(step))).append("</th>");
        }
        html.append("</tr></thead><tbody>\n");
        List<String> cells = new ArrayList<>();
        rows.forEach((key, perStep) -> {
            cells.clear();
            MetricUnit unit = MetricUnit.of(key.metric());
            for (JsonNode r : perStep) {
                cells.add(cell(r, unit));
            }
            html.append(key.source().equals(hot) ? "<tr class=\"hot-source\">" : "<tr>")
                    .append("<td>").append(Html.esc(key.source())).append("</td><td>").append(Html.esc(key.metric())).append("</td>")
                    .append(String.join("", cells)).append("</tr>\n");
        });
        return html.append("</tbody></table></div></details>\n").toString();
    }

    private static String cell(JsonNode r, MetricUnit unit) {
        Double peak = Fields.number(r, "peak");
        if (r == null || peak == null) {
            return "<td class=\"num\">" + HumanUnits.NONE + "</td>";
        }
        Double mean = Fields.number(r, "mean");
        Double capacity = Fields.number(r, "capacity");
        // idle percentages run the other way (low is bad), so only capacities in real units are tinted
        boolean over = unit != MetricUnit.PERCENT && capacity != null && capacity > 0 && peak >= HOT_SHARE * capacity;
        String title = (mean == null ? "" : "mean " + unit.format(mean))
                + (capacity == null ? "" : " · capacity " + unit.format(capacity));
        return "<td class=\"num" + (over ? " over" : "") + "\" title=\"" + Html.esc(title.trim()) + "\">"
                + Html.esc(unit.format(peak)) + "</td>";
    }
}
