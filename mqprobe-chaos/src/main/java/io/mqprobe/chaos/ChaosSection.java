package io.mqprobe.chaos;

import io.mqprobe.report.ChartSpec;
import io.mqprobe.report.Html;
import io.mqprobe.report.VerdictSection;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

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
    public Optional<String> line(ScenarioResult scenario, Verdict verdict) {
        return Optional.empty();
    }

    @Override
    public String html(ScenarioResult scenario, Verdict verdict) {
        return table((ChaosVerdict) verdict);
    }

    @Override
    public Optional<Boolean> passed(Verdict verdict) {
        return Optional.of(verdict.passed());
    }

    /** Shades every fault that fired; x in seconds from {@code originMs}. */
    @Override
    public Optional<String> markIntervals(ChartSpec spec, Verdict verdict, long originMs) {
        for (ChaosVerdict.Fault f : ((ChaosVerdict) verdict).faults()) {
            if (f.firedEpochMs() == null) {
                continue;
            }
            double lengthMs = 1_000;
            if (f.undoneAfterMs() != null) {
                lengthMs = Math.max(lengthMs, f.undoneAfterMs());
            }
            if (f.unavailableFromMs() != null && f.unavailableMs() != null) {
                lengthMs = Math.max(lengthMs, f.unavailableFromMs() + f.unavailableMs());
            }
            double from = (f.firedEpochMs() - originMs) / 1000.0;
            spec.band(from, from + lengthMs / 1000.0, FAULT, f.fault(), false);
        }
        return Optional.of("shaded: warm-up (grey), each fault from when it fired to when it was undone or its unavailability ended (red)");
    }

    /** The delivery line, the problems and the per-fault table. */
    static String table(ChaosVerdict v) {
        boolean passed = v.passed();
        StringBuilder html = new StringBuilder("<dl class=\"verdict\">\n<dt>delivery</dt><dd><strong>")
                .append(passed ? "passed" : "FAILED").append("</strong> ")
                .append(Html.esc(String.format(Locale.ROOT, "%,.0f acknowledged: lost %,.0f, duplicated %,.0f, reordered %,.0f",
                        (double) v.acknowledged(), (double) v.lost(), (double) v.duplicated(), (double) v.reordered())));
        List<String> problems = v.problems();
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
        for (ChaosVerdict.Fault f : v.faults()) {
            html.append("<tr><td>").append(Html.esc(f.fault())).append("</td><td>")
                    .append(Html.esc(brokers(f))).append("</td><td>").append(Html.esc(f.outcome()))
                    .append("</td>");
            cell(html, ms(f.unavailableMs()));
            cell(html, ms(f.newLeaderAfterMs()));
            cell(html, ms(f.fullIsrAfterMs()));
            cell(html, ms(f.consumerStallMs()));
            OptionalDouble lowest = f.lowestAckedPerSecond();
            cell(html, lowest.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f", lowest.getAsDouble()));
            cell(html, ms(f.recoveredAfterMs()));
            cell(html, String.format(Locale.ROOT, "%,.0f", (double) f.errors()));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n<p class=\"hint\">times from the moment each fault fired; "
                + "– = did not happen within the run</p>\n").toString();
    }

    private static void cell(StringBuilder html, String value) {
        html.append("<td class=\"num\">").append(Html.esc(value)).append("</td>");
    }

    private static String brokers(ChaosVerdict.Fault f) {
        StringBuilder s = new StringBuilder();
        f.brokers().forEach(id -> s.append(s.length() == 0 ? "" : ",").append(id));
        return s.toString();
    }

    private static String ms(Long ms) {
        return ms == null ? "–" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
