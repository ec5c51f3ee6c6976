package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.search.InstanceSizes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The instance-size table of a probe over several broker sizes ({@code probe --specs}): per size and
 * scenario the ceiling, the sustainable load, capacity per core and the bottleneck, as a terminal or
 * Markdown table and as HTML with one scaling chart (capacity against broker size, a line per scenario,
 * and capacity per core on the right axis, where a flattening curve shows).
 */
final class InstanceSizeSection {

    private static final List<String> HEADERS =
            List.of("size", "scenario", "ceiling", "sustainable", "per core", "bottleneck");
    private static final String[] COLORS = {"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"};

    private InstanceSizeSection() {
    }

    static boolean present(ResultDocument result) {
        return !result.instanceSizes().isEmpty();
    }

    /** The table for a terminal, each line indented. */
    static String text(ResultDocument result, String indent) {
        TextTable table = new TextTable(HEADERS, false, false, true, true, true, false);
        rows(result).forEach(table::row);
        return table.render(indent);
    }

    static void markdown(StringBuilder md, ResultDocument result) {
        md.append("## Instance sizes\n\n| ").append(String.join(" | ", HEADERS)).append(" | report |\n|")
                .append("---|".repeat(HEADERS.size() + 1)).append('\n');
        List<InstanceSizes.Row> sized = result.instanceSizes();
        List<List<String>> rows = rows(result);
        for (int i = 0; i < rows.size(); i++) {
            md.append("| ");
            rows.get(i).forEach(cell -> md.append(MarkdownReport.esc(cell)).append(" | "));
            String dir = sized.get(i).runDir();
            md.append(dir == null ? "" : "[" + MarkdownReport.esc(dir) + "](" + dir + "/report.md)").append(" |\n");
        }
        md.append('\n');
    }

    static String html(ResultDocument result, Charts charts) {
        StringBuilder html = new StringBuilder("<section class=\"card\" id=\"instance-sizes\">\n<h2>Instance sizes</h2>\n<table><thead><tr>");
        HEADERS.forEach(h -> html.append("<th>").append(Html.esc(h)).append("</th>"));
        html.append("<th>report</th></tr></thead><tbody>\n");
        List<InstanceSizes.Row> sized = result.instanceSizes();
        List<List<String>> rows = rows(result);
        for (int i = 0; i < rows.size(); i++) {
            html.append("<tr>");
            rows.get(i).forEach(cell -> html.append("<td>").append(Html.esc(cell)).append("</td>"));
            String dir = sized.get(i).runDir();
            html.append("<td>").append(dir == null ? "" : "<a href=\"" + Html.esc(dir) + "/report.html\">" + Html.esc(dir) + "</a>")
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
        html.append(charts.grid(List.of(scalingChart(sized)), "grid two"));
        return html.append("</section>\n").toString();
    }

    /** Ceiling per scenario over the sizes (smallest first), capacity per core dashed on the right axis. */
    private static Figure scalingChart(List<InstanceSizes.Row> sized) {
        List<String> sizes = sized.stream().sorted(Comparator.comparingDouble(InstanceSizes.Row::cores))
                .map(InstanceSizes.Row::spec).distinct().toList();
        Map<String, Map<String, InstanceSizes.Row>> byScenario = new LinkedHashMap<>();
        sized.forEach(r -> byScenario.computeIfAbsent(r.scenario(), k -> new LinkedHashMap<>()).put(r.spec(), r));
        ChartSpec spec = ChartSpec.overSteps("broker size", sizes)
                .axis("y", MetricUnit.BYTES_PER_SECOND, "ceiling", null)
                .axis("y1", MetricUnit.BYTES_PER_SECOND, "per core", null);
        int i = 0;
        for (Map.Entry<String, Map<String, InstanceSizes.Row>> e : byScenario.entrySet()) {
            String color = COLORS[i++ % COLORS.length];
            spec.categoryLine(e.getKey() + " ceiling", "y", color, values(sizes, e.getValue(), InstanceSizes.Row::ceilingBytesPerSecond))
                    .put("width", 2.5);
            spec.categoryLine(e.getKey() + " per core", "y1", color, values(sizes, e.getValue(), InstanceSizes.Row::capacityPerCoreBytesPerSecond))
                    .put("dash", true).put("width", 1.5);
        }
        return new Figure("Capacity vs broker size", "where the solid line flattens, more cores stop buying capacity; "
                + "the table names the resource that takes over", spec, false);
    }

    private static List<Double> values(List<String> sizes, Map<String, InstanceSizes.Row> bySize,
                                       Function<InstanceSizes.Row, Double> figure) {
        List<Double> out = new ArrayList<>();
        sizes.forEach(s -> out.add(bySize.containsKey(s) ? figure.apply(bySize.get(s)) : null));
        return out;
    }

    private static List<List<String>> rows(ResultDocument result) {
        List<List<String>> rows = new ArrayList<>();
        for (InstanceSizes.Row r : result.instanceSizes()) {
            Double ceiling = r.ceilingBytesPerSecond();
            Double sustainable = r.sustainableBytesPerSecond();
            Double perCore = r.capacityPerCoreBytesPerSecond();
            rows.add(List.of(
                    String.format(Locale.ROOT, "%s ×%d", r.spec(), r.brokers()),
                    String.valueOf(r.scenario()),
                    ceiling == null ? HumanUnits.NONE : HumanUnits.mbPerSecond(ceiling) + ", "
                            + HumanUnits.msgsPerSecond(r.ceilingRecordsPerSecond()),
                    sustainable == null ? HumanUnits.NONE : HumanUnits.mbPerSecond(sustainable),
                    perCore == null ? HumanUnits.NONE : HumanUnits.mbPerSecond(perCore),
                    String.valueOf(r.bottleneck())));
        }
        return rows;
    }
}
