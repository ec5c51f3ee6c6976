package io.mqprobe.report;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code compare.html}: the comparison's table and, per scenario, each run's curve on one chart, so a shift shows as
 * two lines apart, and the parts of its CPU profile that moved. A probe's runs are overlaid step by step over the
 * unthrottled ramp (throughput and p99 against the clients), single runs second by second over their measured window.
 * One self-contained page, like the report.
 */
public final class ComparisonHtml {

    /** Run i's colour is {@code COLORS[i % length]}, in the charts and the profile shifts alike. */
    static final String[] COLORS = {"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"};

    private ComparisonHtml() {
    }

    /** @param results the runs' documents, in the comparison's order */
    public static String render(Comparison comparison, List<ResultDocument> results) {
        Charts charts = new Charts();
        StringBuilder body = new StringBuilder("<header class=\"top\">\n<h1>mqprobe compare</h1>\n<p class=\"meta\">")
                .append(Html.esc(ComparisonText.judgedBy(comparison))).append("</p>\n</header>\n");
        body.append("<section class=\"card\" id=\"figures\">\n<h2>Figures</h2>\n<ol>");
        comparison.runs().forEach(r -> body.append("<li><code>").append(Html.esc(r)).append("</code></li>"));
        body.append("</ol>\n<div class=\"table-wrap\"><table><thead><tr>");
        ComparisonText.headers(comparison).forEach(h -> body.append("<th>").append(Html.esc(h)).append("</th>"));
        body.append("</tr></thead><tbody>\n");
        for (Comparison.Row row : comparison.rows()) {
            body.append("<tr>");
            ComparisonText.cells(row).forEach(c -> body.append("<td>").append(Html.esc(c)).append("</td>"));
            body.append("</tr>\n");
        }
        body.append("</tbody></table></div>\n<p><strong>").append(Html.esc(ComparisonText.conclusion(comparison)))
                .append("</strong></p>\n</section>\n");
        for (String scenario : comparison.rows().stream().map(Comparison.Row::scenario).distinct().toList()) {
            List<ScenarioResult> runs = results.stream().map(r -> Comparison.scenario(r, scenario)).toList();
            List<Figure> figures = runs.get(0).verdict() instanceof ProbeVerdict
                    ? List.of(overRamp(runs, "Throughput vs load", MetricUnit.BYTES_PER_SECOND,
                            step -> measured(step.bytesPerSecond())),
                    overRamp(runs, "p99 latency vs load", MetricUnit.MICROS,
                            step -> step.latencyUs() == null ? null : measured(step.latencyUs().p99())))
                    : List.of(overTime(results, scenario));
            List<ProfileShift> shifts = comparison.profileShifts().stream().filter(p -> p.scenario().equals(scenario)).toList();
            body.append("<section class=\"card\"><h2>").append(Html.esc(scenario)).append("</h2>\n")
                    .append(charts.grid(figures, "grid two"))
                    .append(ProfileShiftSvg.html(shifts, comparison.runs().size())).append("</section>\n");
        }
        return HtmlReport.page("mqprobe compare", "status-ok", body, charts);
    }

    /** Each run's unthrottled steps by their clients, one line per run; a repeated step shows its last reading. */
    private static Figure overRamp(List<ScenarioResult> runs, String title, MetricUnit unit,
                                   Function<StepResult, Double> value) {
        List<Map<Double, Double>> byClients = new ArrayList<>();
        TreeMap<Double, String> labels = new TreeMap<>();
        for (ScenarioResult run : runs) {
            Map<Double, Double> points = new TreeMap<>();
            for (StepResult step : run.steps()) {
                double clients = step.clients();
                if (step.targetRecordsPerSecond() == null && value.apply(step) != null) {
                    points.put(clients, value.apply(step));
                    labels.put(clients, ScalingCharts.label(step));
                }
            }
            byClients.add(points);
        }
        ChartSpec spec = ChartSpec.overSteps("clients (unthrottled step)", List.copyOf(labels.values()))
                .axis("y", unit, unit == MetricUnit.MICROS ? "p99" : "throughput", null);
        for (int i = 0; i < runs.size(); i++) {
            Map<Double, Double> points = byClients.get(i);
            spec.categoryLine("run " + (i + 1), "y", COLORS[i % COLORS.length],
                    labels.keySet().stream().map(points::get).toList()).put("width", 2);
        }
        return new Figure(title, "each run's unthrottled steps; runs numbered as in the table", spec, false);
    }

    /** Each run's acknowledged bytes per second over its measured window, from the window's first second. */
    private static Figure overTime(List<ResultDocument> results, String scenario) {
        ChartSpec spec = ChartSpec.overTime().axis("y", MetricUnit.BYTES_PER_SECOND, "throughput", null);
        for (int i = 0; i < results.size(); i++) {
            List<IntervalRow> measured = results.get(i).intervals().stream()
                    .filter(row -> !IntervalRow.WARMUP.equals(row.phase()) && measured(row.bytesPerSecond()) != null)
                    .filter(row -> row.scenario() == null || row.scenario().isBlank() || scenario.equals(row.scenario()))
                    .sorted(Comparator.comparingLong(IntervalRow::epochMs)).toList();
            if (measured.isEmpty()) {
                continue;
            }
            double origin = measured.get(0).epochMs();
            double[] xs = new double[measured.size()];
            double[] ys = new double[measured.size()];
            for (int j = 0; j < measured.size(); j++) {
                xs[j] = (measured.get(j).epochMs() - origin) / 1000;
                ys[j] = measured.get(j).bytesPerSecond();
            }
            spec.timeLine("run " + (i + 1), "y", COLORS[i % COLORS.length], xs, ys, xs.length);
        }
        return new Figure("Throughput per second", "each run's measured window from its first second; runs numbered as in "
                + "the table", spec, false);
    }

    /** A figure as read back, or {@code null} when it was written unknown (null in result.json, NaN here). */
    private static Double measured(double figure) {
        return Double.isNaN(figure) ? null : figure;
    }
}
