package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The self-contained HTML report of a result document: status, summary, one section per scenario with
 * charts (Chart.js, inlined) and the run's context. It makes no network requests, and the page records
 * in {@code #mq-status} how many charts drew and any script errors, for tests and curious readers.
 */
public final class HtmlReport {

    /** The page allows only inline scripts and styles: a report can never load anything. */
    private static final String CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

    private HtmlReport() {
    }

    public static String render(JsonNode result) {
        RunStatus status = RunStatus.of(Typed.document(result));
        List<JsonNode> scenarios = Fields.objects(result, "scenarios");
        List<String> anchors = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            anchors.add("scenario-" + i);
        }
        Charts charts = new Charts();
        StringBuilder body = new StringBuilder();
        body.append(header(result, status, scenarios, anchors));
        body.append(HtmlSummary.render(result, scenarios, anchors));
        if (PlanSection.present(result)) {
            body.append(PlanSection.html(result));
        }
        if (InstanceSizeSection.present(Typed.document(result))) {
            body.append(InstanceSizeSection.html(Typed.document(result), charts));
        }
        body.append(VerdictSection.runSections(scenarios.stream().map(s -> Typed.verdict(Fields.object(s, "verdict"))).toList(), charts));
        Map<String, List<JsonNode>> intervals = intervalsByScenario(result, scenarios);
        Timeline timeline = Timeline.of(result);
        boolean anyWindow = false;
        for (int i = 0; i < scenarios.size(); i++) {
            JsonNode s = scenarios.get(i);
            List<JsonNode> own = intervals.getOrDefault(HtmlScenario.name(s), List.of());
            anyWindow |= ScenarioWindow.of(s, own) != null;
            body.append(HtmlScenario.render(anchors.get(i), s, own, timeline, result, charts));
        }
        if (!anyWindow) {
            body.append(wholeRun(intervals.getOrDefault("", List.of()), timeline, result, charts));
        }
        body.append(HtmlContext.render(result));
        body.append("<footer>Rendered by mqprobe from ").append(Html.esc(Fields.text(result, "schema")))
                .append(" · charts by Chart.js ").append(Html.esc(Assets.chartJsVersion())).append(" (MIT)</footer>\n");
        return page(title(result), status, body, charts);
    }

    private static String page(String title, RunStatus status, StringBuilder body, Charts charts) {
        return page(title, "status-" + status.kind().name().toLowerCase(Locale.ROOT), body, charts);
    }

    /** A self-contained page: the report's style and scripts inlined, {@code body} in its main, the charts drawn. */
    static String page(String title, String bodyClass, CharSequence body, Charts charts) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + CSP + "\">\n"
                + "<title>" + Html.esc(title) + "</title>\n"
                + "<style>\n" + Assets.own("report.css") + "</style>\n"
                + "<script>\n" + Assets.own("errors.js") + "</script>\n"
                + "</head>\n<body class=\"" + bodyClass + "\">\n"
                + "<div id=\"mq-status\" hidden data-charts-expected=\"" + charts.count()
                + "\" data-charts-drawn=\"0\" data-errors=\"\" data-ready=\"false\"></div>\n"
                + "<main>\n" + body + "</main>\n"
                + "<script>\n" + Assets.chartJs() + "\n</script>\n"
                + "<script type=\"application/json\" id=\"mq-charts\">" + Html.scriptJson(charts.specs()) + "</script>\n"
                + "<script>\n" + Assets.own("report.js") + "</script>\n"
                + "</body>\n</html>\n";
    }

    static String title(JsonNode result) {
        String command = Fields.text(result, "command");
        return "mqprobe " + (command == null ? "run" : command) + " report";
    }

    private static String header(JsonNode result, RunStatus status, List<JsonNode> scenarios, List<String> anchors) {
        StringBuilder html = new StringBuilder("<header class=\"top\">\n<h1>").append(Html.esc(title(result))).append("</h1>\n")
                .append("<div class=\"status ").append(status.kind().name().toLowerCase(Locale.ROOT)).append("\">")
                .append(Html.esc(status.line())).append("</div>\n");
        List<String> meta = new ArrayList<>();
        String started = Fields.text(result, "startedAt");
        if (started != null) {
            meta.add("started " + started);
        }
        Duration elapsed = RunStatus.elapsed(Typed.document(result));
        if (elapsed != null) {
            meta.add("took " + HumanUnits.durationMs((double) elapsed.toMillis()));
        }
        JsonNode target = Fields.object(result, "target");
        String bootstrap = Fields.text(target, "bootstrap");
        int brokers = Fields.objects(target, "brokers").size();
        if (bootstrap != null || brokers > 0) {
            List<String> words = new ArrayList<>();
            if (Fields.flag(target, "embedded")) {
                words.add("embedded");
            }
            words.add(orEmpty(Fields.text(target, "driver")));
            if (brokers > 0) {
                words.add(HumanUnits.counted(brokers, "broker"));
            }
            if (bootstrap != null) {
                words.add("at " + bootstrap);
            }
            meta.add(String.join(" ", words).replaceAll("\\s+", " ").trim());
        }
        html.append("<p class=\"meta\">").append(Html.esc(String.join(" · ", meta))).append("</p>\n<nav><a href=\"#summary\">Summary</a>");
        if (PlanSection.present(result)) {
            html.append("<a href=\"#plan\">Plan</a>");
        }
        for (int i = 0; i < scenarios.size(); i++) {
            html.append("<a href=\"#").append(anchors.get(i)).append("\">").append(Html.esc(HtmlScenario.name(scenarios.get(i)))).append("</a>");
        }
        return html.append("<a href=\"#run\">Run</a></nav>\n</header>\n").toString();
    }

    /**
     * Intervals keyed by scenario name, in time order. Intervals naming no known scenario go to the only
     * scenario when there is one (single-step commands), else under "".
     */
    private static Map<String, List<JsonNode>> intervalsByScenario(JsonNode result, List<JsonNode> scenarios) {
        List<JsonNode> all = new ArrayList<>(Fields.objects(result, "intervals"));
        all.removeIf(i -> Fields.number(i, "epochMs") == null);
        all.sort(Comparator.comparingDouble(i -> Fields.number(i, "epochMs")));
        List<String> names = scenarios.stream().map(HtmlScenario::name).toList();
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (JsonNode interval : all) {
            String name = Fields.text(interval, "scenario");
            String key = names.contains(name) ? name : names.size() == 1 ? names.get(0) : "";
            out.computeIfAbsent(key, k -> new ArrayList<>()).add(interval);
        }
        return out;
    }

    /** When no scenario has a time window (a run stopped before its first step), show what was sampled. */
    private static String wholeRun(List<JsonNode> intervals, Timeline timeline, JsonNode result, Charts charts) {
        if (timeline.isEmpty() && intervals.isEmpty()) {
            return "";
        }
        long origin = timeline.isEmpty() ? Fields.number(intervals.get(0), "epochMs").longValue()
                : intervals.isEmpty() ? timeline.firstEpochMs()
                : Math.min(timeline.firstEpochMs(), Fields.number(intervals.get(0), "epochMs").longValue());
        StringBuilder html = new StringBuilder("<section class=\"card\" id=\"whole-run\">\n<h2>Whole run</h2>\n");
        html.append(charts.grid(Collections.singletonList(IntervalChart.build(intervals, origin, null)), "grid two"));
        if (!timeline.isEmpty()) {
            html.append(HtmlScenario.resources(timeline.window(timeline.firstEpochMs(), timeline.lastEpochMs(), origin),
                    null, Fields.object(result, "thresholds"), charts, "Resources"));
        }
        return html.append("</section>\n").toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
