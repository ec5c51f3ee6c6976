package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainablePoint;

import java.util.List;

/** The top of the HTML report: headline, summary lines, client-limit warning and one verdict row per scenario. */
final class HtmlSummary {

    private HtmlSummary() {
    }

    static String render(JsonNode result, List<JsonNode> scenarios, List<String> anchors) {
        JsonNode summary = Fields.object(result, "summary");
        boolean complete = RunStatus.of(Typed.document(result)).complete();
        StringBuilder html = new StringBuilder("<section class=\"card summary\" id=\"summary\">\n<h2>Summary</h2>\n");
        String headline = Headline.of(Typed.document(result));
        if (headline != null) {
            html.append("<p class=\"headline\">").append(Html.esc(headline)).append("</p>\n");
        }
        List<String> lines = Fields.texts(summary, "lines");
        if (!lines.isEmpty()) {
            html.append("<ul class=\"lines\">");
            lines.forEach(l -> html.append("<li>").append(Html.esc(l)).append("</li>"));
            html.append("</ul>\n");
        }
        SummaryTable.of(ResultReading.as(summary, ResultDocument.Summary.class)).ifPresent(t -> html.append(t.html()));
        if (Fields.flag(summary, "clientLimited")) {
            html.append("<p class=\"alert warn\">").append(Html.esc(Headline.CLIENT_LIMITED)).append("</p>\n");
        }
        // a comparison of broker sizes has no scenarios of its own: its table is the instance-size section's
        boolean sizes = InstanceSizeSection.present(Typed.document(result));
        if (scenarios.isEmpty() && !sizes) {
            html.append("<p class=\"empty\">").append(complete ? "No scenarios ran." : "No scenario has finished a step yet.")
                    .append("</p>\n");
        } else if (!sizes) {
            html.append(table(scenarios, anchors, complete));
        }
        List<String> notes = Fields.texts(summary, "notes");
        if (!notes.isEmpty()) {
            html.append("<ul class=\"notes\">");
            notes.forEach(n -> html.append("<li>").append(Html.esc(n)).append("</li>"));
            html.append("</ul>\n");
        }
        List<String> inconsistent = Fields.texts(summary, "consistency");
        if (!inconsistent.isEmpty()) {
            html.append("<p>Inconsistent figures (scenarios that contradict each other beyond their intervals):</p><ul class=\"notes\">");
            inconsistent.forEach(n -> html.append("<li>").append(Html.esc(n)).append("</li>"));
            html.append("</ul>\n");
        }
        return html.append("</section>\n").toString();
    }

    private static String table(List<JsonNode> scenarios, List<String> anchors, boolean complete) {
        if (scenarios.stream().noneMatch(s -> Fields.probeVerdict(s) != null)) {
            return results(scenarios, anchors, complete);
        }
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"verdicts\"><thead><tr>")
                .append("<th>scenario</th><th><span class=\"marker ceiling\"></span>ceiling</th>")
                .append("<th><span class=\"marker knee\"></span>knee</th>")
                .append("<th><span class=\"marker sustainable\"></span>sustainable</th><th>bottleneck</th></tr></thead><tbody>\n");
        for (int i = 0; i < scenarios.size(); i++) {
            JsonNode s = scenarios.get(i);
            JsonNode verdict = Fields.probeVerdict(s);
            html.append("<tr><th scope=\"row\"><a href=\"#").append(anchors.get(i)).append("\">")
                    .append(Html.esc(HtmlScenario.name(s))).append("</a></th>");
            if (verdict == null) {
                html.append("<td colspan=\"4\" class=\"no-verdict\">").append(Html.esc(VerdictText.withoutVerdict(Typed.scenario(s), complete)))
                        .append("</td></tr>\n");
                continue;
            }
            html.append("<td data-label=\"ceiling\">").append(Html.esc(VerdictText.point(Typed.scenario(s), ResultReading.as(Fields.object(verdict, "ceiling"), StepPoint.class)))).append("</td>");
            html.append("<td data-label=\"knee\">").append(Html.esc(VerdictText.point(Typed.scenario(s), ResultReading.as(Fields.object(verdict, "knee"), StepPoint.class)))).append("</td>");
            JsonNode sustainable = Fields.object(verdict, "sustainable");
            html.append("<td data-label=\"sustainable\"><strong>").append(Html.esc(VerdictText.point(Typed.scenario(s), ResultReading.as(sustainable, SustainablePoint.class)))).append("</strong>");
            String limitedBy = Fields.text(sustainable, "limitedBy");
            if (limitedBy != null) {
                html.append("<div class=\"detail\">limited by ").append(Html.esc(limitedBy)).append("</div>");
            }
            html.append("</td><td data-label=\"bottleneck\">").append(bottleneck(verdict)).append("</td></tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    /** Runs without any verdict (single-step commands, runs stopped early): one result line per scenario. */
    private static String results(List<JsonNode> scenarios, List<String> anchors, boolean complete) {
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"verdicts\"><thead><tr>")
                .append("<th>scenario</th><th>result</th></tr></thead><tbody>\n");
        for (int i = 0; i < scenarios.size(); i++) {
            JsonNode s = scenarios.get(i);
            html.append("<tr><th scope=\"row\"><a href=\"#").append(anchors.get(i)).append("\">")
                    .append(Html.esc(HtmlScenario.name(s))).append("</a></th><td>")
                    .append(Html.esc(resultText(s, complete))).append("</td></tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    /** The verdict's line where it is the scenario's whole result (a sweep's run); otherwise what the steps say. */
    private static String resultText(JsonNode scenario, boolean complete) {
        return VerdictSection.of(Typed.verdict(Fields.object(scenario, "verdict"))).filter(VerdictSection::lineIsTheResult)
                .flatMap(section -> section.line(Typed.scenario(scenario), Typed.verdict(Fields.object(scenario, "verdict"))))
                .orElseGet(() -> VerdictText.withoutVerdict(Typed.scenario(scenario), complete));
    }

    private static String bottleneck(JsonNode verdict) {
        JsonNode b = Fields.object(verdict, "bottleneck");
        if (b == null) {
            return HumanUnits.NONE;
        }
        return HtmlScenario.bottleneck(verdict,
                "client".equals(Fields.text(b, "source")) ? " <span class=\"badge warn\">client-limited</span>" : "");
    }
}
