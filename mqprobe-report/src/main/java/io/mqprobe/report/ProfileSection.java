package io.mqprobe.report;

import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.StepProfile;
import io.mqprobe.result.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Why a probe scenario's limit binds, from its verdict's profile: the busy processes' largest parts, the advice the
 * shares suggest, and (in HTML) a flame graph per profiled process.
 */
final class ProfileSection {

    /** A part this small at every step stays out of the step table. */
    static final double STEP_TABLE_MIN_SHARE = 0.05;

    private ProfileSection() {
    }

    /**
     * "broker-1 CPU 94 %: TLS 41 %, ..." per busy process, then each line of advice; empty unless {@code verdict} is a
     * probe's with a profile.
     */
    static List<String> lines(Verdict verdict) {
        if (!(verdict instanceof ProbeVerdict probe) || probe.profile() == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(probe.profile().why());
        lines.addAll(probe.profile().advice());
        return lines;
    }

    /** The "why" row of the verdict list and the flame graphs, or "" without a profile ({@code null}). */
    static String html(ScenarioProfile profile) {
        if (profile == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<dt>why</dt><dd>");
        List<String> why = profile.why();
        if (why.isEmpty()) {
            html.append("no profiled process stood at 75 % of its CPU at the ceiling");
        } else {
            html.append(Html.esc(why.get(0)));
        }
        String at = HtmlScenario.written(profile.at());
        html.append(" <span class=\"detail\">sampled over ").append(Html.esc(at == null ? "the ceiling" : at)).append("</span>");
        if (why.size() > 1) {
            html.append("<ul class=\"evidence\">");
            why.subList(1, why.size()).forEach(w -> html.append("<li>").append(Html.esc(w)).append("</li>"));
            html.append("</ul>");
        }
        List<String> advice = profile.advice();
        if (!advice.isEmpty()) {
            html.append("<ul class=\"evidence\">");
            advice.forEach(a -> html.append("<li>").append(Html.esc(a)).append("</li>"));
            html.append("</ul>");
        }
        for (ProcessProfile process : profile.processes()) {
            String svg = process.flame() == null ? "" : FlameGraph.svg(process.flame());
            if (svg.isEmpty()) {
                continue;
            }
            String source = orUnknown(process.source());
            html.append("<details class=\"flame\"").append(why.stream().anyMatch(w -> w.startsWith(source + " ")) ? " open" : "")
                    .append("><summary>").append(Html.esc(source)).append(": ").append(Html.esc(process.top(3)))
                    .append(" <span class=\"detail\">(").append(String.format(Locale.ROOT, "%,d", process.samples()))
                    .append(" samples").append(Html.esc(profile.stepsAtLimit(process.source()).map(steps -> ", " + steps).orElse(""))).append(")</span></summary>")
                    .append(svg).append("</details>");
        }
        html.append(stepTable(profile));
        return html.append("</dd>\n").toString();
    }

    /**
     * Per process, each part's share at each profiled step (the ramp's, then the one that failed the sustainable load):
     * what grew as the load grew. Parts under {@link #STEP_TABLE_MIN_SHARE} at every step are left out.
     */
    static String stepTable(ScenarioProfile profile) {
        List<StepProfile> steps = profile.bySteps();
        if (steps.isEmpty()) {
            return "";
        }
        int failing = profile.failingStep() == null ? -1 : profile.failingStep();
        Map<String, Map<Integer, Map<String, Double>>> bySource = new TreeMap<>();
        for (StepProfile step : steps) {
            for (ProcessProfile process : step.processes()) {
                bySource.computeIfAbsent(orUnknown(process.source()), k -> new LinkedHashMap<>()).put(step.step(), parts(process));
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

    /** Each part's share by name, largest first as written; a name written twice counts once, its shares added. */
    private static Map<String, Double> parts(ProcessProfile process) {
        Map<String, Double> shares = new LinkedHashMap<>();
        process.parts().forEach(part -> shares.merge(orUnknown(part.name()), part.share(), Double::sum));
        return shares;
    }

    private static String orUnknown(String name) {
        String written = HtmlScenario.written(name);
        return written == null ? "?" : written;
    }
}
