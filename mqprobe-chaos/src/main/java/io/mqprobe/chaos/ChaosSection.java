package io.mqprobe.chaos;

import io.mqprobe.report.ChartSpec;
import io.mqprobe.report.Fields;
import io.mqprobe.report.Html;
import io.mqprobe.report.VerdictSection;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a chaos verdict adds to a scenario's section: each fault's window shaded on the per-second chart
 * (from when it fired to when it was undone, or to the end of the unavailability it caused), and the
 * verdict table, one row per fault.
 */
public final class ChaosSection implements VerdictSection {

    private static final String FAULT = "rgba(220,38,38,0.14)";

    @Override
    public String kind() {
        return "chaos";
    }

    /** No one line: the delivery line, the problems and the fault table need the card. */
    @Override
    public Optional<String> line(JsonNode scenario, JsonNode verdict) {
        return Optional.empty();
    }

    @Override
    public String html(JsonNode scenario, JsonNode verdict) {
        return table(verdict);
    }

    @Override
    public Optional<Boolean> passed(JsonNode verdict) {
        return Optional.of(Fields.texts(verdict, "problems").isEmpty());
    }

    /** Shades every fault that fired; x in seconds from {@code originMs}. */
    @Override
    public Optional<String> markIntervals(ChartSpec spec, JsonNode verdict, long originMs) {
        for (JsonNode f : Fields.objects(verdict, "faults")) {
            Double fired = Fields.number(f, "firedEpochMs");
            if (fired == null) {
                continue;
            }
            double lengthMs = 1_000;
            Double undone = Fields.number(f, "undoneAfterMs");
            Double gapFrom = Fields.number(f, "unavailableFromMs");
            Double gap = Fields.number(f, "unavailableMs");
            if (undone != null) {
                lengthMs = Math.max(lengthMs, undone);
            }
            if (gapFrom != null && gap != null) {
                lengthMs = Math.max(lengthMs, gapFrom + gap);
            }
            double from = (fired - originMs) / 1000.0;
            spec.band(from, from + lengthMs / 1000.0, FAULT, Fields.text(f, "fault"), false);
        }
        return Optional.of("shaded: warm-up (grey), each fault from when it fired to when it was undone or its unavailability ended (red)");
    }

    /** The delivery line, the problems and the per-fault table. */
    static String table(JsonNode v) {
        boolean passed = Fields.texts(v, "problems").isEmpty();
        StringBuilder html = new StringBuilder("<dl class=\"verdict\">\n<dt>delivery</dt><dd><strong>")
                .append(passed ? "passed" : "FAILED").append("</strong> ")
                .append(Html.esc(String.format(Locale.ROOT, "%,.0f acknowledged: lost %,.0f, duplicated %,.0f, reordered %,.0f",
                        num(v, "acknowledged"), num(v, "lost"), num(v, "duplicated"), num(v, "reordered"))));
        List<String> problems = Fields.texts(v, "problems");
        if (!problems.isEmpty()) {
            html.append("<ul class=\"evidence\">");
            problems.forEach(p -> html.append("<li>").append(Html.esc(p)).append("</li>"));
            html.append("</ul>");
        }
        html.append("</dd>\n</dl>\n<div class=\"table-wrap\"><table class=\"steps chaos\"><thead><tr>");
        for (String h : new String[]{"fault", "brokers", "outcome", "unavailable", "new leader", "full ISR",
                "consumer stall", "lowest acked/s", "recovered", "errors"}) {
            html.append("<th>").append(h).append("</th>");
        }
        html.append("</tr></thead><tbody>\n");
        for (JsonNode f : Fields.objects(v, "faults")) {
            html.append("<tr><td>").append(Html.esc(Fields.text(f, "fault"))).append("</td><td>")
                    .append(Html.esc(brokers(f))).append("</td><td>").append(Html.esc(Fields.text(f, "outcome")))
                    .append("</td>");
            cell(html, ms(f, "unavailableMs"));
            cell(html, ms(f, "newLeaderAfterMs"));
            cell(html, ms(f, "fullIsrAfterMs"));
            cell(html, ms(f, "consumerStallMs"));
            Double lowest = Fields.number(f, "lowestAckedPerSecond");
            cell(html, lowest == null || lowest.isNaN() ? "–" : String.format(Locale.ROOT, "%,.0f", lowest));
            cell(html, ms(f, "recoveredAfterMs"));
            cell(html, String.format(Locale.ROOT, "%,.0f", num(f, "errors")));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n<p class=\"hint\">times from the moment each fault fired; "
                + "– = did not happen within the run</p>\n").toString();
    }

    private static void cell(StringBuilder html, String value) {
        html.append("<td class=\"num\">").append(Html.esc(value)).append("</td>");
    }

    private static String brokers(JsonNode f) {
        JsonNode b = f.get("brokers");
        if (b == null || !b.isArray()) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        b.forEach(id -> s.append(s.length() == 0 ? "" : ",").append(id.asText()));
        return s.toString();
    }

    private static double num(JsonNode node, String field) {
        Double d = Fields.number(node, field);
        return d == null ? 0 : d;
    }

    private static String ms(JsonNode node, String field) {
        Double d = Fields.number(node, field);
        return d == null ? "–" : String.format(Locale.ROOT, "%.1f s", d / 1000);
    }
}
