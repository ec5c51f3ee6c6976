package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Why a probe scenario's limit binds, from its verdict's profile: the busy processes' largest parts, the advice the
 * shares suggest, and (in HTML) a flame graph per profiled process.
 */
final class ProfileSection {

    private ProfileSection() {
    }

    /** "broker-1 CPU 94 %: TLS 41 %, ..." per busy process, then each line of advice; empty without a profile. */
    static List<String> lines(JsonNode verdict) {
        JsonNode profile = Fields.object(verdict, "profile");
        if (profile == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Fields.texts(profile, "why"));
        lines.addAll(Fields.texts(profile, "advice"));
        return lines;
    }

    /** The "why" row of the verdict list and the flame graphs, or "" without a profile. */
    static String html(JsonNode verdict) {
        JsonNode profile = Fields.object(verdict, "profile");
        if (profile == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<dt>why</dt><dd>");
        List<String> why = Fields.texts(profile, "why");
        html.append(Html.esc(why.isEmpty() ? "no profiled process stood at 75 % of its CPU at the ceiling" : String.join("; ", why)));
        html.append(" <span class=\"detail\">sampled over ").append(Html.esc(Fields.text(profile, "at", "the ceiling"))).append("</span>");
        List<String> advice = Fields.texts(profile, "advice");
        if (!advice.isEmpty()) {
            html.append("<ul class=\"evidence\">");
            advice.forEach(a -> html.append("<li>").append(Html.esc(a)).append("</li>"));
            html.append("</ul>");
        }
        for (JsonNode process : Fields.objects(profile, "processes")) {
            JsonNode flame = Fields.object(process, "flame");
            String svg = flame == null ? "" : FlameGraph.svg(flame);
            if (svg.isEmpty()) {
                continue;
            }
            String source = Fields.text(process, "source", "?");
            html.append("<details class=\"flame\"").append(why.stream().anyMatch(w -> w.startsWith(source + " ")) ? " open" : "")
                    .append("><summary>").append(Html.esc(source)).append(": ").append(Html.esc(topParts(process)))
                    .append(" <span class=\"detail\">(").append(String.format(java.util.Locale.ROOT, "%,.0f", Fields.number(process, "samples", 0)))
                    .append(" samples)</span></summary>").append(svg).append("</details>");
        }
        return html.append("</dd>\n").toString();
    }

    /** "TLS 41 %, compression (gzip) 23 %, request handling 12 %". */
    static String topParts(JsonNode process) {
        List<String> top = new ArrayList<>();
        for (JsonNode part : Fields.objects(process, "parts")) {
            if (top.size() == 3) {
                break;
            }
            top.add(Fields.text(part, "name", "?") + " " + io.mqprobe.api.units.HumanUnits.pct(100 * Fields.number(part, "share", 0)));
        }
        return String.join(", ", top);
    }
}
