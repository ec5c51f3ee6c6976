package io.mqprobe.sweep;

import io.mqprobe.report.ChartSpec;
import io.mqprobe.report.Charts;
import io.mqprobe.report.Figure;
import io.mqprobe.report.Html;
import io.mqprobe.report.MetricUnit;
import io.mqprobe.report.VerdictSection;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The sweep's answer as pictures: per study, one chart per metric with every value on the x axis (the
 * mean as a line, each repeat as a point, so the spread is visible), and for a grid a heat map of
 * throughput. Values whose runs failed are named under the charts, never dropped silently.
 */
public final class SweepSection implements VerdictSection {

    private static final String[] RUN_COLORS = {"#64748b", "#f97316", "#16a34a", "#7c3aed", "#0891b2"};

    @Override
    public String kind() {
        return "sweep";
    }

    /** A run's measured figure, or why it failed: the whole of its scenario's result. */
    @Override
    public Optional<String> line(ScenarioResult scenario, Verdict verdict) {
        return Optional.of(oneLine((SweepVerdict) verdict));
    }

    @Override
    public boolean lineIsTheResult() {
        return true;
    }

    /** Nothing in a run's card: its study's section ranks the runs. */
    @Override
    public String html(ScenarioResult scenario, Verdict verdict) {
        return "";
    }

    @Override
    public boolean failed(Verdict verdict) {
        return !verdict.passed();
    }

    @Override
    public String runSection(List<Verdict> verdicts, Charts charts) {
        Map<String, List<SweepVerdict>> byStudy = new LinkedHashMap<>();
        verdicts.forEach(v -> byStudy.computeIfAbsent(((SweepVerdict) v).study(), k -> new ArrayList<>()).add((SweepVerdict) v));
        StringBuilder html = new StringBuilder("<section class=\"card\" id=\"sweep\">\n<h2>Sweep</h2>\n");
        byStudy.forEach((study, runs) -> html.append(study(study, runs, charts)));
        return html.append("</section>\n").toString();
    }

    private static String study(String study, List<SweepVerdict> verdicts, Charts charts) {
        List<String> cells = new ArrayList<>();
        Map<String, List<SweepVerdict>> byCell = new LinkedHashMap<>();
        for (SweepVerdict v : verdicts) {
            String label = label(v);
            if (!byCell.containsKey(label)) {
                cells.add(label);
            }
            byCell.computeIfAbsent(label, k -> new ArrayList<>()).add(v);
        }
        List<String> metrics = new ArrayList<>();
        verdicts.forEach(v -> v.metrics().keySet().forEach(m -> {
            if (!metrics.contains(m)) {
                metrics.add(m);
            }
        }));
        List<Figure> figures = new ArrayList<>();
        for (String metric : metrics) {
            figures.add(chart(study, metric, cells, byCell));
        }
        StringBuilder html = new StringBuilder("<h3>").append(Html.esc(study)).append("</h3>\n");
        html.append(charts.grid(figures, "grid three"));
        List<String> failed = new ArrayList<>();
        byCell.forEach((cell, runs) -> runs.stream().map(SweepVerdict::failure).filter(f -> f != null).findFirst()
                .ifPresent(f -> failed.add(cell + ": " + f)));
        if (!failed.isEmpty()) {
            html.append("<ul class=\"evidence\">");
            failed.forEach(f -> html.append("<li><span class=\"badge bad\">failed</span> ").append(Html.esc(f)).append("</li>"));
            html.append("</ul>\n");
        }
        if (study.contains(" × ")) {
            html.append(heatMap(study, verdicts, byCell));
        }
        return html.toString();
    }

    private static Figure chart(String study, String metric, List<String> cells, Map<String, List<SweepVerdict>> byCell) {
        ChartSpec spec = ChartSpec.overSteps(study, cells).axis("y", MetricUnit.of(metric), title(metric), null);
        List<Double> means = new ArrayList<>();
        int repeats = byCell.values().stream().mapToInt(List::size).max().orElse(0);
        for (String c : cells) {
            means.add(mean(byCell.get(c), metric));
        }
        spec.categoryLine("mean", "y", "#2563eb", means).put("width", 2.5);
        for (int r = 0; r < repeats; r++) {
            List<Double> run = new ArrayList<>();
            for (String c : cells) {
                List<SweepVerdict> runs = byCell.get(c);
                run.add(r < runs.size() ? value(runs.get(r), metric) : null);
            }
            spec.categoryLine("run " + (r + 1), "y", RUN_COLORS[r % RUN_COLORS.length], run).put("line", false);
        }
        return new Figure(title(metric), "mean and each run, failed values left blank", spec, false);
    }

    /** Mean throughput per combination: rows the first factor, columns the second, darker is more. */
    private static String heatMap(String study, List<SweepVerdict> verdicts, Map<String, List<SweepVerdict>> byCell) {
        String[] keys = study.split(" × ");
        List<String> rows = new ArrayList<>();
        List<String> cols = new ArrayList<>();
        for (SweepVerdict v : verdicts) {
            String r = v.values().get(keys[0]);
            String c = v.values().get(keys[1]);
            if (!rows.contains(r)) {
                rows.add(r);
            }
            if (!cols.contains(c)) {
                cols.add(c);
            }
        }
        double max = byCell.values().stream().mapToDouble(runs -> orZero(mean(runs, "throughput.bytes_per_s"))).max().orElse(0);
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"heatmap\"><caption>throughput, ")
                .append(Html.esc(keys[0])).append(" (rows) × ").append(Html.esc(keys[1])).append(" (columns)</caption><tr><th></th>");
        cols.forEach(c -> html.append("<th>").append(Html.esc(c)).append("</th>"));
        html.append("</tr>");
        for (String r : rows) {
            html.append("<tr><th>").append(Html.esc(r)).append("</th>");
            for (String c : cols) {
                List<SweepVerdict> runs = byCell.getOrDefault(keys[0] + "=" + r + " " + keys[1] + "=" + c, List.of());
                Double mean = mean(runs, "throughput.bytes_per_s");
                boolean failed = runs.stream().anyMatch(x -> x.failure() != null);
                if (failed || mean == null) {
                    html.append("<td class=\"failed\">").append(failed ? "failed" : "–").append("</td>");
                } else {
                    double shade = max > 0 ? mean / max : 0;
                    html.append(String.format(Locale.ROOT, "<td style=\"background: rgba(37,99,235,%.2f)\">", 0.1 + 0.8 * shade))
                            .append(Html.esc(MetricUnit.BYTES_PER_SECOND.format(mean))).append("</td>");
                }
            }
            html.append("</tr>");
        }
        return html.append("</table></div>\n").toString();
    }

    /** {@code measured 6.0 MB/s · p99 2.1 s} for the terminal, or why the run failed. */
    static String oneLine(SweepVerdict verdict) {
        if (verdict.failure() != null) {
            return "failed: " + verdict.failure();
        }
        Map<String, Double> m = verdict.metrics();
        StringBuilder line = new StringBuilder("measured ").append(MetricUnit.BYTES_PER_SECOND.format(orZero(m.get("throughput.bytes_per_s"))));
        Double p99 = m.get("latency.p99_ms");
        if (p99 != null) {
            line.append(" · p99 ").append(MetricUnit.MILLIS.format(p99));
        }
        return line.toString();
    }

    /** The value ({@code lz4}) for one factor, {@code key=value} pairs for a grid. */
    static String label(SweepVerdict verdict) {
        if (verdict.values().size() == 1) {
            return verdict.values().values().iterator().next();
        }
        List<String> parts = new ArrayList<>();
        verdict.values().forEach((key, value) -> parts.add(key + "=" + value));
        return String.join(" ", parts);
    }

    private static String title(String metric) {
        return metric.replace("_per_s", "/s").replace('.', ' ').replace('_', ' ');
    }

    private static Double value(SweepVerdict verdict, String metric) {
        return verdict.failure() != null ? null : verdict.metrics().get(metric);
    }

    private static Double mean(List<SweepVerdict> runs, String metric) {
        double[] xs = runs == null ? new double[0] : runs.stream().map(r -> value(r, metric)).filter(x -> x != null)
                .mapToDouble(Double::doubleValue).toArray();
        return xs.length == 0 ? null : java.util.Arrays.stream(xs).average().orElseThrow();
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }
}
