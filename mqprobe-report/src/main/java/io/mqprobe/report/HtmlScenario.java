package io.mqprobe.report;

import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.ScenarioResult.ProducerSetup;
import io.mqprobe.result.ScenarioResult.TopicLayout;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.Thresholds;

import java.util.ArrayList;
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

    /** {@code thresholds} may be null (commands that judge none). */
    static String render(String anchor, ScenarioResult scenario, List<IntervalRow> intervals, Timeline timeline,
                         Thresholds thresholds, boolean runComplete, Charts charts) {
        StringBuilder html = new StringBuilder("<section class=\"scenario card\" id=\"").append(anchor).append("\">\n<h2>")
                .append(Html.esc(name(scenario))).append(' ').append(badge(scenario, runComplete))
                .append("</h2>\n");
        String description = written(scenario.description());
        if (description != null) {
            html.append("<p class=\"desc\">").append(Html.esc(description)).append("</p>\n");
        }
        html.append(facts(scenario));
        String skipped = skipped(scenario);
        if (skipped != null) {
            return html.append("<p class=\"skipped\">Skipped: ").append(Html.esc(skipped)).append("</p>\n</section>\n").toString();
        }
        ProbeVerdict verdict = scenario.verdict() instanceof ProbeVerdict probe ? probe : null;
        html.append(VerdictSection.of(scenario.verdict()).map(s -> s.html(scenario, scenario.verdict()))
                .orElseGet(() -> verdict(scenario, verdict, runComplete)));
        ScenarioWindow window = ScenarioWindow.of(scenario, intervals);
        long originMs = window == null ? 0 : window.fromMs();
        List<Figure> load = new ArrayList<>(ScalingCharts.build(scenario, thresholds));
        load.add(IntervalChart.build(intervals, originMs, scenario));
        html.append(charts.grid(load, "grid two"));
        html.append(stepTable(scenario, verdict));
        html.append(BreakdownSection.html(scenario, charts));
        if (window != null && !timeline.isEmpty()) {
            html.append(resources(timeline.window(window.fromMs(), window.toMs(), originMs),
                    verdict == null ? null : verdict.findings().bottleneck(), thresholds, charts, "Resources during " + name(scenario)));
        }
        html.append(HtmlStepResources.render(scenario));
        return html.append("</section>\n").toString();
    }

    /**
     * The bottleneck's one short sentence, in bold, with {@code badge} after it, and beneath it, folded, the rest of its
     * summary and the figures behind it: a cell reads at a glance and still holds the evidence.
     */
    static String bottleneck(ProbeVerdict verdict, String badge) {
        StringBuilder html = new StringBuilder("<strong>").append(Html.esc(VerdictText.bottleneckHeadline(verdict.findings())))
                .append("</strong>").append(badge);
        String detail = VerdictText.bottleneckDetail(verdict.findings());
        Bottleneck bottleneck = verdict.findings().bottleneck();
        List<String> evidence = bottleneck == null ? List.of() : bottleneck.evidence().stream().filter(e -> e != null).toList();
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

    /** Resource timelines under a heading, or nothing when the window has no samples. */
    static String resources(Map<String, List<Timeline.Series>> window, Bottleneck bottleneck, Thresholds thresholds,
                            Charts charts, String heading) {
        String grid = charts.grid(ResourceCharts.build(window, bottleneck, thresholds), "grid three");
        if (grid.isEmpty()) {
            return "";
        }
        String source = bottleneck == null ? null : written(bottleneck.source());
        String hint = source == null ? "" : " <span class=\"hint\">bold line: " + Html.esc(source) + ", the bottleneck</span>";
        return "<h3>" + Html.esc(heading) + hint + "</h3>\n" + grid;
    }

    static String name(ScenarioResult scenario) {
        String name = written(scenario.name());
        return name == null ? "(unnamed scenario)" : name;
    }

    /** The text as written, or null when absent or blank: a blank field says nothing. */
    static String written(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    private static String skipped(ScenarioResult scenario) {
        return scenario.skipped().map(HtmlScenario::written).orElse(null);
    }

    private static String badge(ScenarioResult scenario, boolean runComplete) {
        if (skipped(scenario) != null) {
            return "<span class=\"badge muted\">skipped</span>";
        }
        if (scenario.verdict() instanceof ProbeVerdict) {
            return "<span class=\"badge good\">verdict</span>";
        }
        Optional<Boolean> passed = VerdictSection.of(scenario.verdict()).flatMap(s -> s.passed(scenario.verdict()));
        if (passed.isPresent()) {
            return passed.get() ? "<span class=\"badge good\">passed</span>" : "<span class=\"badge warn\">failed</span>";
        }
        if (!runComplete) {
            return "<span class=\"badge warn\">incomplete</span>";
        }
        return scenario.steps().size() == 1 ? "<span class=\"badge muted\">single step</span>" : "<span class=\"badge muted\">no verdict</span>";
    }

    /** Topic layout and producer settings in one line of chips. */
    private static String facts(ScenarioResult scenario) {
        List<String> chips = new ArrayList<>();
        TopicLayout topic = scenario.topic();
        if (topic != null) {
            add(chips, "topic", written(topic.name()));
            add(chips, "partitions", String.valueOf(topic.partitions()));
            add(chips, "RF", String.valueOf(topic.replicationFactor()));
            add(chips, "placement", written(topic.placement()));
        }
        ProducerSetup producer = scenario.producer();
        if (producer != null) {
            add(chips, "durability", producer.durability() == null ? null : producer.durability().id());
            add(chips, "record", MetricUnit.BYTES.format((double) producer.recordSizeBytes()));
            SecretRedaction.redact(producer.properties()).forEach((k, v) -> add(chips, k, v));
        }
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

    private static String verdict(ScenarioResult scenario, ProbeVerdict verdict, boolean runComplete) {
        if (verdict == null) {
            return "<p class=\"no-verdict\">" + Html.esc(VerdictText.withoutVerdict(scenario, runComplete)) + "</p>\n";
        }
        ScenarioVerdict found = verdict.findings();
        StringBuilder html = new StringBuilder("<dl class=\"verdict\">\n");
        row(html, "ceiling", "marker ceiling", VerdictText.point(scenario, found.ceiling()), null);
        row(html, "knee", "marker knee", VerdictText.point(scenario, found.knee()), null);
        SustainablePoint sustainable = found.sustainable();
        row(html, "sustainable", "marker sustainable", VerdictText.point(scenario, sustainable), VerdictText.sustainableDetail(found));
        if (found.bottleneck() != null) {
            html.append("<dt>bottleneck</dt><dd>").append(bottleneck(verdict, "")).append("</dd>\n");
        }
        html.append(ProfileSection.html(verdict.profile()));
        String stop = written(found.stopReason());
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

    private static String stepTable(ScenarioResult scenario, ProbeVerdict verdict) {
        List<StepResult> steps = scenario.steps();
        if (steps.isEmpty()) {
            return "";
        }
        List<StepColumns.Column> columns = StepColumns.of(scenario);
        ScenarioVerdict found = verdict == null ? null : verdict.findings();
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"steps\"><thead><tr>");
        columns.forEach(c -> html.append(c.numeric() ? "<th class=\"num\">" : "<th>").append(Html.esc(c.header())).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (StepResult step : steps) {
            String marks = StepColumns.marks(step, found);
            html.append(marks.contains("knee") ? "<tr class=\"knee\">" : marks.contains("sustainable") ? "<tr class=\"sustainable\">" : "<tr>");
            columns.forEach(c -> html.append(c.numeric() ? "<td class=\"num\">" : "<td>").append(Html.esc(c.cell().apply(step))).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }
}
