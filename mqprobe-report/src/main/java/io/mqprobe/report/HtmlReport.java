package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultDocument.TargetInfo;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.search.Thresholds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

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

    /** The page of a result and of the plan {@code mqprobe plan} made from it, if there is one. */
    public static String render(ReportInput input) {
        ResultDocument result = input.result();
        JsonNode plan = input.plan();
        RunStatus status = RunStatus.of(result);
        Duration elapsed = RunStatus.elapsed(result);
        List<ScenarioResult> scenarios = result.scenarios();
        List<String> anchors = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            anchors.add("scenario-" + i);
        }
        Charts charts = new Charts();
        StringBuilder body = new StringBuilder();
        body.append(header(result, status, elapsed, plan != null, scenarios, anchors));
        body.append(HtmlSummary.render(result, status, anchors));
        if (plan != null) {
            body.append(PlanSection.html(plan));
        }
        if (InstanceSizeSection.present(result)) {
            body.append(InstanceSizeSection.html(result, charts));
        }
        body.append(VerdictSection.runSections(scenarios.stream().map(ScenarioResult::verdict).filter(Objects::nonNull).toList(), charts));
        Map<String, List<IntervalRow>> intervals = intervalsByScenario(result, scenarios);
        Timeline timeline = Timeline.of(result.timeline());
        Thresholds thresholds = result.thresholds().orElse(null);
        boolean anyWindow = false;
        for (int i = 0; i < scenarios.size(); i++) {
            ScenarioResult s = scenarios.get(i);
            List<IntervalRow> own = intervals.getOrDefault(HtmlScenario.name(s), List.of());
            anyWindow |= ScenarioWindow.of(s, own) != null;
            body.append(HtmlScenario.render(anchors.get(i), s, own, timeline, thresholds, status.complete(), charts));
        }
        if (!anyWindow) {
            body.append(wholeRun(intervals.getOrDefault("", List.of()), timeline, thresholds, charts));
        }
        body.append(HtmlContext.render(result, status, elapsed));
        body.append("<footer>Rendered by mqprobe from ").append(Html.esc(result.schema()))
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

    /** "mqprobe probe report"; "mqprobe run report" when the document names no command. */
    static String title(ResultDocument result) {
        String command = result.command();
        return "mqprobe " + (command == null || command.isBlank() ? "run" : command) + " report";
    }

    private static String header(ResultDocument result, RunStatus status, Duration elapsed, boolean withPlan,
                                 List<ScenarioResult> scenarios, List<String> anchors) {
        StringBuilder html = new StringBuilder("<header class=\"top\">\n<h1>").append(Html.esc(title(result))).append("</h1>\n")
                .append("<div class=\"status ").append(status.kind().name().toLowerCase(Locale.ROOT)).append("\">")
                .append(Html.esc(status.line())).append("</div>\n");
        List<String> meta = new ArrayList<>();
        String started = result.startedAt();
        if (started != null && !started.isBlank()) {
            meta.add("started " + started);
        }
        if (elapsed != null) {
            meta.add("took " + HumanUnits.durationMs((double) elapsed.toMillis()));
        }
        TargetInfo target = result.target().orElse(null);
        String bootstrap = target == null || target.bootstrap() == null || target.bootstrap().isBlank() ? null : target.bootstrap();
        int brokers = target == null || target.brokers() == null ? 0 : target.brokers().size();
        if (bootstrap != null || brokers > 0) {
            List<String> words = new ArrayList<>();
            if (target.embedded()) {
                words.add("embedded");
            }
            words.add(orEmpty(target.driver()));
            if (brokers > 0) {
                words.add(HumanUnits.counted(brokers, "broker"));
            }
            if (bootstrap != null) {
                words.add("at " + bootstrap);
            }
            meta.add(String.join(" ", words).replaceAll("\\s+", " ").trim());
        }
        html.append("<p class=\"meta\">").append(Html.esc(String.join(" · ", meta))).append("</p>\n<nav><a href=\"#summary\">Summary</a>");
        if (withPlan) {
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
    private static Map<String, List<IntervalRow>> intervalsByScenario(ResultDocument result, List<ScenarioResult> scenarios) {
        List<IntervalRow> all = new ArrayList<>(result.intervals());
        all.sort(Comparator.comparingLong(IntervalRow::epochMs));
        List<String> names = scenarios.stream().map(HtmlScenario::name).toList();
        Map<String, List<IntervalRow>> out = new LinkedHashMap<>();
        for (IntervalRow interval : all) {
            String name = interval.scenario();
            String key = names.contains(name) ? name : names.size() == 1 ? names.get(0) : "";
            out.computeIfAbsent(key, k -> new ArrayList<>()).add(interval);
        }
        return out;
    }

    /** When no scenario has a time window (a run stopped before its first step), show what was sampled. */
    private static String wholeRun(List<IntervalRow> intervals, Timeline timeline, Thresholds thresholds, Charts charts) {
        if (timeline.isEmpty() && intervals.isEmpty()) {
            return "";
        }
        long origin = timeline.isEmpty() ? intervals.get(0).epochMs()
                : intervals.isEmpty() ? timeline.firstEpochMs()
                : Math.min(timeline.firstEpochMs(), intervals.get(0).epochMs());
        StringBuilder html = new StringBuilder("<section class=\"card\" id=\"whole-run\">\n<h2>Whole run</h2>\n");
        html.append(charts.grid(Collections.singletonList(IntervalChart.build(intervals, origin, null)), "grid two"));
        if (!timeline.isEmpty()) {
            html.append(HtmlScenario.resources(timeline.window(timeline.firstEpochMs(), timeline.lastEpochMs(), origin),
                    null, thresholds, charts, "Resources"));
        }
        return html.append("</section>\n").toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
