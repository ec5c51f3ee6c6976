package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Why a probe scenario's limit binds, from its verdict's profile: the busy processes' largest parts, the advice the
 * shares suggest, and (in HTML) a flame graph per profiled process.
 */
final class ProfileSection {

    /** A part this small at every step stays out of the step table. */
    static final double STEP_TABLE_MIN_SHARE = 0.05;

    private ProfileSection() {
    }

    /** "broker-1 CPU 94 %: TLS 41 %, ..." per busy process, then each line of advice; empty without a profile. */
    static List<String> lines(JsonNode verdict) {
        JsonNode profile = ProfileFields.of(verdict);
        if (profile == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(ProfileFields.why(profile));
        lines.addAll(ProfileFields.advice(profile));
        return lines;
    }

    /** The "why" row of the verdict list and the flame graphs, or "" without a profile. */
    static String html(JsonNode verdict) {
        JsonNode profile = ProfileFields.of(verdict);
        if (profile == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<dt>why</dt><dd>");
        List<String> why = ProfileFields.why(profile);
        if (why.isEmpty()) {
            html.append("no profiled process stood at 75 % of its CPU at the ceiling");
        } else {
            html.append(Html.esc(why.get(0)));
        }
        html.append(" <span class=\"detail\">sampled over ").append(Html.esc(ProfileFields.at(profile, "the ceiling"))).append("</span>");
        if (why.size() > 1) {
            html.append("<ul class=\"evidence\">");
            why.subList(1, why.size()).forEach(w -> html.append("<li>").append(Html.esc(w)).append("</li>"));
            html.append("</ul>");
        }
        List<String> advice = ProfileFields.advice(profile);
        if (!advice.isEmpty()) {
            html.append("<ul class=\"evidence\">");
            advice.forEach(a -> html.append("<li>").append(Html.esc(a)).append("</li>"));
            html.append("</ul>");
        }
        for (JsonNode process : ProfileFields.processes(profile)) {
            JsonNode flame = ProfileFields.flame(process);
            String svg = flame == null ? "" : FlameGraph.svg(flame);
            if (svg.isEmpty()) {
                continue;
            }
            String source = ProfileFields.source(process);
            html.append("<details class=\"flame\"").append(why.stream().anyMatch(w -> w.startsWith(source + " ")) ? " open" : "")
                    .append("><summary>").append(Html.esc(source)).append(": ").append(Html.esc(topParts(process)))
                    .append(" <span class=\"detail\">(").append(String.format(Locale.ROOT, "%,.0f", ProfileFields.samples(process)))
                    .append(" samples)</span></summary>").append(svg).append("</details>");
        }
        html.append(stepTable(profile));
        return html.append("</dd>\n").toString();
    }

    /**
     * Per process, each part's share at each profiled step (the ramp's, then the one that failed the sustainable load):
     * what grew as the load grew. Parts under {@link #STEP_TABLE_MIN_SHARE} at every step are left out.
     */
    static String stepTable(JsonNode profile) {
        List<JsonNode> steps = ProfileFields.bySteps(profile);
        if (steps.isEmpty()) {
            return "";
        }
        int failing = ProfileFields.failingStep(profile);
        Map<String, Map<Integer, Map<String, Double>>> bySource = new TreeMap<>();
        for (JsonNode step : steps) {
            for (JsonNode process : ProfileFields.processes(step)) {
                bySource.computeIfAbsent(ProfileFields.source(process), k -> new LinkedHashMap<>())
                        .put(ProfileFields.step(step), ProfileFields.parts(process));
            }
        }
        StringBuilder html = new StringBuilder("<details class=\"flame\"><summary>parts per step</summary>");
        bySource.forEach((source, byStep) -> {
            List<String> parts = byStep.values().stream().flatMap(p -> p.entrySet().stream())
                    .filter(e -> e.getValue() >= STEP_TABLE_MIN_SHARE).map(Map.Entry::getKey).distinct().toList();
            if (parts.isEmpty()) {
                return;
            }
            html.append("<table class=\"steps\"><tr><th>").append(Html.esc(source)).append("</th>");
            byStep.keySet().forEach(step -> html.append("<th>step ").append(step).append(step == failing ? " (failed)" : "")
                    .append("</th>"));
            html.append("</tr>");
            for (String part : parts) {
                html.append("<tr><td>").append(Html.esc(part)).append("</td>");
                byStep.values().forEach(shares -> html.append("<td class=\"num\">")
                        .append(shares.containsKey(part) ? HumanUnits.pct(100 * shares.get(part)) : "").append("</td>"));
                html.append("</tr>");
            }
            html.append("</table>");
        });
        return html.append("</details>").toString();
    }

    /** "TLS 41 %, compression (gzip) 23 %, request handling 12 %". */
    static String topParts(JsonNode process) {
        return ProfileFields.parts(process).entrySet().stream().limit(3)
                .map(part -> part.getKey() + " " + HumanUnits.pct(100 * part.getValue()))
                .collect(Collectors.joining(", "));
    }
}
