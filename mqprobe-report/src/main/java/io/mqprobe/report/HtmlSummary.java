package io.mqprobe.report;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultDocument.Summary;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainablePoint;

import java.util.List;
import java.util.Optional;

/** The top of the HTML report: headline, summary lines, client-limit warning and one verdict row per scenario. */
final class HtmlSummary {

    private HtmlSummary() {
    }

    static String render(ResultDocument result, RunStatus status, List<String> anchors) {
        Summary summary = result.summary().orElse(null);
        boolean complete = status.complete();
        StringBuilder html = new StringBuilder("<section class=\"card summary\" id=\"summary\">\n<h2>Summary</h2>\n");
        String headline = Headline.of(result);
        if (headline != null) {
            html.append("<p class=\"headline\">").append(Html.esc(headline)).append("</p>\n");
        }
        List<String> lines = summary == null ? List.of() : texts(summary.lines());
        if (!lines.isEmpty()) {
            html.append("<ul class=\"lines\">");
            lines.forEach(l -> html.append("<li>").append(Html.esc(l)).append("</li>"));
            html.append("</ul>\n");
        }
        if (summary != null) {
            SummaryTable.of(summary).ifPresent(t -> html.append(t.html()));
            HostSpeed.line(result).ifPresent(line -> html.append("<p class=\"meta\">").append(Html.esc(line)).append("</p>\n"));
            if (summary.clientLimited()) {
                html.append("<p class=\"alert warn\">").append(Html.esc(Headline.CLIENT_LIMITED)).append("</p>\n");
            }
        }
        // a comparison of broker sizes has no scenarios of its own: its table is the instance-size section's
        boolean sizes = !result.instanceSizes().isEmpty();
        List<ScenarioResult> scenarios = result.scenarios();
        if (scenarios.isEmpty() && !sizes) {
            html.append("<p class=\"empty\">").append(complete ? "No scenarios ran." : "No scenario has finished a step yet.")
                    .append("</p>\n");
        } else if (!sizes) {
            html.append(table(scenarios, anchors, complete));
        }
        List<String> notes = summary == null ? List.of() : texts(summary.notes());
        if (!notes.isEmpty()) {
            html.append("<ul class=\"notes\">");
            notes.forEach(n -> html.append("<li>").append(Html.esc(n)).append("</li>"));
            html.append("</ul>\n");
        }
        List<String> inconsistent = summary == null ? List.of() : texts(summary.consistency());
        if (!inconsistent.isEmpty()) {
            html.append("<p>Inconsistent figures (scenarios that contradict each other beyond their intervals):</p><ul class=\"notes\">");
            inconsistent.forEach(n -> html.append("<li>").append(Html.esc(n)).append("</li>"));
            html.append("</ul>\n");
        }
        return html.append("</section>\n").toString();
    }

    private static String table(List<ScenarioResult> scenarios, List<String> anchors, boolean complete) {
        if (scenarios.stream().noneMatch(s -> s.verdict() instanceof ProbeVerdict)) {
            return results(scenarios, anchors, complete);
        }
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"verdicts\"><thead><tr>")
                .append("<th>scenario</th><th><span class=\"marker ceiling\"></span>ceiling</th>")
                .append("<th><span class=\"marker knee\"></span>knee</th>")
                .append("<th><span class=\"marker sustainable\"></span>sustainable</th><th>bottleneck</th></tr></thead><tbody>\n");
        for (int i = 0; i < scenarios.size(); i++) {
            ScenarioResult s = scenarios.get(i);
            html.append("<tr><th scope=\"row\"><a href=\"#").append(anchors.get(i)).append("\">")
                    .append(Html.esc(HtmlScenario.name(s))).append("</a></th>");
            if (!(s.verdict() instanceof ProbeVerdict verdict)) {
                html.append("<td colspan=\"4\" class=\"no-verdict\">").append(Html.esc(VerdictText.withoutVerdict(s, complete)))
                        .append("</td></tr>\n");
                continue;
            }
            ScenarioVerdict found = verdict.findings();
            html.append("<td data-label=\"ceiling\">").append(Html.esc(VerdictText.point(s, found.ceiling()))).append("</td>");
            html.append("<td data-label=\"knee\">").append(Html.esc(VerdictText.point(s, found.knee()))).append("</td>");
            SustainablePoint sustainable = found.sustainable();
            html.append("<td data-label=\"sustainable\"><strong>").append(Html.esc(VerdictText.point(s, sustainable)))
                    .append("</strong>");
            String limitedBy = sustainable == null ? null : HtmlScenario.written(sustainable.limitedBy());
            if (limitedBy != null) {
                html.append("<div class=\"detail\">limited by ").append(Html.esc(limitedBy)).append("</div>");
            }
            html.append("</td><td data-label=\"bottleneck\">").append(bottleneck(verdict)).append("</td></tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    /** Runs without any verdict (single-step commands, runs stopped early): one result line per scenario. */
    private static String results(List<ScenarioResult> scenarios, List<String> anchors, boolean complete) {
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"verdicts\"><thead><tr>")
                .append("<th>scenario</th><th>result</th></tr></thead><tbody>\n");
        for (int i = 0; i < scenarios.size(); i++) {
            ScenarioResult s = scenarios.get(i);
            html.append("<tr><th scope=\"row\"><a href=\"#").append(anchors.get(i)).append("\">")
                    .append(Html.esc(HtmlScenario.name(s))).append("</a></th><td>")
                    .append(Html.esc(resultText(s, complete))).append("</td></tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    /** The verdict's line where it is the scenario's whole result (a sweep's run); otherwise what the steps say. */
    private static String resultText(ScenarioResult s, boolean complete) {
        Optional<VerdictSection> section = VerdictSection.of(s.verdict());
        return section.filter(VerdictSection::lineIsTheResult).flatMap(kind -> kind.line(s, s.verdict()))
                .orElseGet(() -> VerdictText.withoutVerdict(s, complete));
    }

    private static String bottleneck(ProbeVerdict verdict) {
        Bottleneck b = verdict.findings().bottleneck();
        if (b == null) {
            return HumanUnits.NONE;
        }
        return HtmlScenario.bottleneck(verdict,
                Sources.CLIENT.equals(b.source()) ? " <span class=\"badge warn\">client-limited</span>" : "");
    }

    /** The lines written, nulls left out; none when the document has none. */
    private static List<String> texts(List<String> lines) {
        return lines == null ? List.of() : lines.stream().filter(l -> l != null).toList();
    }
}
