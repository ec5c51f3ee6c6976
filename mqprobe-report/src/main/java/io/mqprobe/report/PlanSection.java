package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The capacity plan {@code mqprobe plan} made from this result ({@code plan.json}, attached to the document as
 * {@code plan} when it lies beside it): per measured size the machines, every figure with its arithmetic and what it
 * rests on, and the limits at the planned peak. The plan is read as a JSON tree, not as records: its type lives in
 * mqprobe-plan, above the report, and it is another file with its own schema, not a part of result.json.
 */
final class PlanSection {

    /** The plan file {@code mqprobe plan} writes beside the result. */
    static final String FILE = "plan.json";

    private PlanSection() {
    }

    static String html(JsonNode plan) {
        StringBuilder html = new StringBuilder("<section class=\"card\" id=\"plan\">\n<h2>Capacity plan</h2>\n");
        for (JsonNode sized : Fields.objects(plan, "plans")) {
            html.append("<h3>on ").append(Html.esc(Fields.text(sized, "label"))).append("</h3>\n<p class=\"headline\">")
                    .append(Html.esc(Fields.objects(sized, "layout").stream()
                            .map(r -> Fields.text(r, "count") + " " + Fields.text(r, "name")).collect(Collectors.joining(", "))))
                    .append("</p>\n<div class=\"table-wrap\"><table><thead><tr><th>figure</th><th>value</th><th>arithmetic</th>"
                            + "<th>rests on</th></tr></thead><tbody>\n");
            for (JsonNode f : Fields.objects(sized, "figures")) {
                html.append("<tr><th scope=\"row\">").append(Html.esc(Fields.text(f, "figure"))).append("</th><td>")
                        .append(Html.esc(Fields.text(f, "shown"))).append("</td><td>").append(Html.esc(Fields.text(f, "arithmetic")))
                        .append("</td><td>").append(Html.esc(Fields.text(f, "restsOn"))).append("</td></tr>\n");
            }
            html.append("</tbody></table></div>\n<ul class=\"lines\">");
            JsonNode sustainable = Fields.object(sized, "sustainable");
            if (sustainable != null) {
                html.append("<li>").append(Html.esc(limit(sustainable))).append("</li>");
            }
            List<JsonNode> limits = Fields.objects(sized, "limits");
            for (int i = 0; i < limits.size(); i++) {
                html.append("<li>").append(i == 0 ? "first to run out: " : "then ").append(Html.esc(limit(limits.get(i)))).append("</li>");
            }
            Fields.texts(sized, "notes").forEach(n -> html.append("<li>note: ").append(Html.esc(n)).append("</li>"));
            html.append("</ul>\n");
        }
        String cheapest = Fields.text(plan, "cheapest");
        if (cheapest != null && Fields.objects(plan, "plans").size() > 1) {
            html.append("<p>cheapest measured size: <strong>").append(Html.esc(cheapest)).append("</strong> (the fewest broker cores)</p>\n");
        }
        Fields.texts(plan, "refused").forEach(r -> html.append("<p class=\"alert warn\">refused: ").append(Html.esc(r)).append("</p>\n"));
        return html.append("</section>\n").toString();
    }

    private static String limit(JsonNode l) {
        return PlanLimitText.brief(Fields.text(l, "limit"), Fields.number(l, "usedPct"), Fields.number(l, "limitPct"),
                Fields.number(l, "growth"), Fields.text(l, "restsOn"));
    }
}
