package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioProfile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One scenario's section of the HTML report: what ran, the verdict with its evidence, throughput and
 * latency against load, the per-second view, the step table and the resource timelines of its window.
 */
final class HtmlScenario {

    private HtmlScenario() {
    }

    static String render(String anchor, JsonNode scenario, List<JsonNode> intervals, Timeline timeline,
                         JsonNode result, Charts charts) {
        boolean runComplete = RunStatus.of(result).complete();
        StringBuilder html = new StringBuilder("<section class=\"scenario card\" id=\"").append(anchor).append("\">\n<h2>")
                .append(Html.esc(name(scenario))).append(' ').append(badge(scenario, runComplete))
                .append("</h2>\n");
        String description = Fields.text(scenario, "description");
        if (description != null) {
            html.append("<p class=\"desc\">").append(Html.esc(description)).append("</p>\n");
        }
        html.append(facts(scenario));
        String skipped = Fields.text(scenario, "skipped");
        if (skipped != null) {
            return html.append("<p class=\"skipped\">Skipped: ").append(Html.esc(skipped)).append("</p>\n</section>\n").toString();
        }
        JsonNode verdict = Fields.probeVerdict(scenario);
        JsonNode anyVerdict = Fields.object(scenario, "verdict");
        html.append(VerdictSection.of(scenario).map(s -> s.html(scenario, anyVerdict))
                .orElseGet(() -> verdict(scenario, verdict, runComplete)));
        JsonNode thresholds = Fields.object(result, "thresholds");
        ScenarioWindow window = ScenarioWindow.of(scenario, intervals);
        long originMs = window == null ? 0 : window.fromMs();
        List<Figure> load = new ArrayList<>(ScalingCharts.build(scenario, thresholds));
        load.add(IntervalChart.build(intervals, originMs, scenario));
        html.append(charts.grid(load, "grid two"));
        html.append(stepTable(scenario));
        html.append(BreakdownSection.html(scenario, charts));
        if (window != null && !timeline.isEmpty()) {
            html.append(resources(timeline.window(window.fromMs(), window.toMs(), originMs),
                    Fields.object(verdict, "bottleneck"), thresholds, charts, "Resources during " + name(scenario)));
        }
        html.append(HtmlStepResources.render(scenario));
        return html.append("</section>\n").toString();
    }

    /** Resource timelines under a heading, or nothing when the window has no samples. */
    /**
     * The bottleneck's one short sentence, in bold, with {@code badge} after it, and beneath it, folded, the rest of its
     * summary and the figures behind it: a cell reads at a glance and still holds the evidence.
     */
    static String bottleneck(JsonNode verdict, String badge) {
        StringBuilder html = new StringBuilder("<strong>").append(Html.esc(VerdictText.bottleneckHeadline(verdict)))
                .append("</strong>").append(badge);
        String detail = VerdictText.bottleneckDetail(verdict);
        List<String> evidence = Fields.texts(Fields.object(verdict, "bottleneck"), "evidence");
        if (detail == null && evidence.isEmpty()) {
            return html.toString();
        }
        html.append("<details class=\"evidence\"><summary>how it shows (")
                .append(HumanUnits.counted(evidence.size(), "figure")).append(")</summary>");
        if (detail != null) {
            html.append("<p>").append(Html.esc(detail)).append("</p>");
        }
        if (!evidence.isEmpty()) {
            html.append("<ul>");
            evidence.forEach(e -> html.append("<li>").append(Html.esc(e)).append("</li>"));
            html.append("</ul>");
        }
        return html.append("</details>").toString();
    }

    static String resources(Map<String, List<Timeline.Series>> window, JsonNode bottleneck, JsonNode thresholds,
                            Charts charts, String heading) {
        String grid = charts.grid(ResourceCharts.build(window, bottleneck, thresholds), "grid three");
        if (grid.isEmpty()) {
            return "";
        }
        String source = Fields.text(bottleneck, "source");
        String hint = source == null ? "" : " <span class=\"hint\">bold line: " + Html.esc(source) + ", the bottleneck</span>";
        return "<h3>" + Html.esc(heading) + hint + "</h3>\n" + grid;
    }

    static String name(JsonNode scenario) {
        String name = Fields.text(scenario, "name");
        return name == null ? "(unnamed scenario)" : name;
    }

    private static String badge(JsonNode scenario, boolean runComplete) {
        if (Fields.text(scenario, "skipped") != null) {
            return "<span class=\"badge muted\">skipped</span>";
        }
        if (Fields.probeVerdict(scenario) != null) {
            return "<span class=\"badge good\">verdict</span>";
        }
        Optional<Boolean> passed = VerdictSection.of(scenario).flatMap(s -> s.passed(Fields.object(scenario, "verdict")));
        if (passed.isPresent()) {
            return passed.get() ? "<span class=\"badge good\">passed</span>" : "<span class=\"badge warn\">failed</span>";
        }
        int steps = Fields.objects(scenario, "steps").size();
        if (!runComplete) {
            return "<span class=\"badge warn\">incomplete</span>";
        }
        return steps == 1 ? "<span class=\"badge muted\">single step</span>" : "<span class=\"badge muted\">no verdict</span>";
    }

    /** Topic layout and producer settings in one line of chips. */
    private static String facts(JsonNode scenario) {
        List<String> chips = new ArrayList<>();
        JsonNode topic = Fields.object(scenario, "topic");
        add(chips, "topic", Fields.text(topic, "name"));
        add(chips, "partitions", Fields.text(topic, "partitions"));
        add(chips, "RF", Fields.text(topic, "replicationFactor"));
        add(chips, "placement", Fields.text(topic, "placement"));
        JsonNode producer = Fields.object(scenario, "producer");
        add(chips, "acks", Fields.text(producer, "acks"));
        Double size = Fields.number(producer, "recordSizeBytes");
        add(chips, "record", size == null ? null : MetricUnit.BYTES.format(size));
        Map<String, String> props = new LinkedHashMap<>();
        JsonNode properties = Fields.object(producer, "properties");
        if (properties != null) {
            properties.properties().forEach(e -> props.put(e.getKey(), e.getValue().asText()));
        }
        SecretRedaction.redact(props).forEach((k, v) -> add(chips, k, v));
        if (chips.isEmpty()) {
            return "";
        }
        return "<p class=\"chips\">" + String.join("", chips) + "</p>\n";
    }

    private static void add(List<String> chips, String key, String value) {
        if (value != null) {
            chips.add("<span class=\"chip\"><b>" + Html.esc(key) + "</b> " + Html.esc(value) + "</span>");
        }
    }

    private static String verdict(JsonNode scenario, JsonNode verdict, boolean runComplete) {
        if (verdict == null) {
            return "<p class=\"no-verdict\">" + Html.esc(VerdictText.withoutVerdict(scenario, runComplete)) + "</p>\n";
        }
        StringBuilder html = new StringBuilder("<dl class=\"verdict\">\n");
        row(html, "ceiling", "marker ceiling", VerdictText.point(scenario, Fields.object(verdict, "ceiling")), null);
        row(html, "knee", "marker knee", VerdictText.point(scenario, Fields.object(verdict, "knee")), null);
        JsonNode sustainable = Fields.object(verdict, "sustainable");
        String limitedBy = Fields.text(sustainable, "limitedBy");
        row(html, "sustainable", "marker sustainable", VerdictText.point(scenario, sustainable),
                limitedBy == null ? null : "limited by " + limitedBy);
        JsonNode bottleneck = Fields.object(verdict, "bottleneck");
        if (bottleneck != null) {
            html.append("<dt>bottleneck</dt><dd>").append(bottleneck(verdict, "")).append("</dd>\n");
        }
        html.append(ProfileSection.html(ResultReading.as(Fields.object(verdict, "profile"), ScenarioProfile.class)));
        String stop = Fields.text(verdict, "stopReason");
        if (stop != null) {
            row(html, "stopped", null, stop, null);
        }
        return html.append("</dl>\n").toString();
    }

    private static void row(StringBuilder html, String term, String markerClass, String value, String detail) {
        html.append("<dt>");
        if (markerClass != null) {
            html.append("<span class=\"").append(markerClass).append("\"></span>");
        }
        html.append(Html.esc(term)).append("</dt><dd>").append(Html.esc(value));
        if (detail != null) {
            html.append(" <span class=\"detail\">").append(Html.esc(detail)).append("</span>");
        }
        html.append("</dd>\n");
    }

    private static String stepTable(JsonNode scenario) {
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        if (steps.isEmpty()) {
            return "";
        }
        List<StepColumns.Column> columns = StepColumns.of(scenario);
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"steps\"><thead><tr>");
        columns.forEach(c -> html.append(c.numeric() ? "<th class=\"num\">" : "<th>").append(Html.esc(c.header())).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (JsonNode step : steps) {
            String marks = StepColumns.marks(step, Fields.probeVerdict(scenario));
            html.append(marks.contains("knee") ? "<tr class=\"knee\">" : marks.contains("sustainable") ? "<tr class=\"sustainable\">" : "<tr>");
            columns.forEach(c -> html.append(c.numeric() ? "<td class=\"num\">" : "<td>").append(Html.esc(c.cell().apply(step))).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }
}
