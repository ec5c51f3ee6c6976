package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** The sentences every report uses for a scenario's verdict points and for scenarios without a verdict. */
final class VerdictText {

    private VerdictText() {
    }

    /** The step with {@code index}, or null. */
    static JsonNode step(JsonNode scenario, Double index) {
        if (index == null) {
            return null;
        }
        for (JsonNode step : Fields.objects(scenario, "steps")) {
            Double i = Fields.number(step, "index");
            if (i != null && i.equals(index)) {
                return step;
            }
        }
        return null;
    }

    /** {@code 48.6 MB/s · 47,363 msgs/s · 3 clients}, from a verdict point ({@code ceiling}, {@code knee}, ...). */
    static String point(JsonNode scenario, JsonNode point) {
        if (point == null) {
            return HumanUnits.NONE;
        }
        String text = HumanUnits.rate(Fields.number(point, "bytesPerSecond"))
                + " · " + HumanUnits.msgsPerSecond(Fields.number(point, "recordsPerSecond"));
        String precision = precision(Fields.object(point, "interval"));
        if (precision != null) {
            text += " " + precision;
        }
        JsonNode pooled = point.get("pooled");
        if (pooled != null && pooled.isArray() && pooled.size() > 1) {
            List<String> steps = new java.util.ArrayList<>();
            pooled.forEach(n -> steps.add(n.asText()));
            return text + " · plateau of steps " + String.join(", ", steps);
        }
        String load = load(step(scenario, Fields.number(point, "step")));
        String basis = Fields.text(point, "basis");
        return (load == null ? text : text + " · " + load) + (basis == null ? "" : " · " + basis);
    }

    /**
     * "±3.1 % (12 readings)" of an interval ({@code mean}, {@code halfWidth}, {@code readings}), "±? (3 readings)"
     * when too few readings gave none; null without an interval (documents from before intervals).
     */
    static String precision(JsonNode interval) {
        Double readings = Fields.number(interval, "readings");
        if (interval == null || readings == null || readings == 0) {
            return null;
        }
        Double mean = Fields.number(interval, "mean");
        Double halfWidth = Fields.number(interval, "halfWidth");
        String width = halfWidth == null || mean == null || !(mean > 0) ? "±?" : "±" + HumanUnits.pct(100 * halfWidth / mean);
        return width + " (" + HumanUnits.count(readings) + (readings == 1 ? " reading)" : " readings)");
    }

    /** {@code 3 clients} or {@code 3 clients at 10,000 rec/s}, or null when the step is unknown. */
    static String load(JsonNode step) {
        Double clients = Fields.number(step, "clients");
        if (clients == null) {
            return null;
        }
        String text = HumanUnits.counted(clients, "client");
        Double target = Fields.number(step, "targetRecordsPerSecond");
        return target == null ? text : text + " at " + HumanUnits.msgsPerSecond(target);
    }

    /** What a scenario without a verdict shows instead: skipped, nothing measured, or its last step. */
    static String withoutVerdict(JsonNode scenario, boolean runComplete) {
        String skipped = Fields.text(scenario, "skipped");
        if (skipped != null) {
            return "skipped: " + skipped;
        }
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        if (steps.isEmpty()) {
            return runComplete ? "no steps measured" : "not measured yet";
        }
        JsonNode last = steps.get(steps.size() - 1);
        String figures = stepFigures(last);
        if (steps.size() == 1 && runComplete) {
            return figures;
        }
        String prefix = runComplete ? "no verdict" : "incomplete";
        return prefix + " after " + HumanUnits.counted(steps.size(), "step") + "; last: " + figures;
    }

    /** {@code 20.5 MB/s · 20,000 msgs/s · p99 4.1 ms · 1 client}. */
    static String stepFigures(JsonNode step) {
        StringBuilder text = new StringBuilder()
                .append(HumanUnits.rate(Fields.number(step, "bytesPerSecond")))
                .append(" · ").append(HumanUnits.msgsPerSecond(Fields.number(step, "recordsPerSecond")))
                .append(" · p99 ").append(HumanUnits.latencyUs(Fields.number(Fields.object(step, "latencyUs"), "p99")));
        String load = load(step);
        if (load != null) {
            text.append(" · ").append(load);
        }
        return text.toString();
    }

    /**
     * The bottleneck in one short sentence: its summary's first clause (summaries read "verdict: detail" or
     * "verdict; detail"), naming who is tied when several resources are ("co-limited: client and broker-1 at the ceiling
     * (steps 2, 3)").
     */
    static String bottleneckHeadline(JsonNode verdict) {
        String summary = bottleneck(verdict);
        String clause = summary.substring(0, firstClauseEnd(summary));
        JsonNode b = Fields.object(verdict, "bottleneck");
        String source = Fields.text(b, "source");
        String coLimited = "co-limited ";
        if ("co-limited".equals(Fields.text(b, "resource")) && source != null && clause.startsWith(coLimited)) {
            List<String> names = List.of(source.split("\\+"));
            String who = names.size() == 1 ? names.get(0)
                    : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
            return "co-limited: " + who + " " + clause.substring(coLimited.length());
        }
        return clause;
    }

    /** What the summary says after its headline's clause, or null when the headline is the whole of it. */
    static String bottleneckDetail(JsonNode verdict) {
        String summary = bottleneck(verdict);
        int end = firstClauseEnd(summary);
        return end >= summary.length() ? null : summary.substring(end + 2);
    }

    private static int firstClauseEnd(String summary) {
        int colon = summary.indexOf(": ");
        int semicolon = summary.indexOf("; ");
        int end = colon < 0 ? semicolon : semicolon < 0 ? colon : Math.min(colon, semicolon);
        return end < 0 ? summary.length() : end;
    }

    /** The bottleneck's summary line, or its source and resource when there is no summary. */
    static String bottleneck(JsonNode verdict) {
        JsonNode b = Fields.object(verdict, "bottleneck");
        if (b == null) {
            return HumanUnits.NONE;
        }
        String summary = Fields.text(b, "summary");
        if (summary != null) {
            return summary;
        }
        String resource = Fields.text(b, "resource");
        String source = Fields.text(b, "source");
        return (source == null ? "" : source + " ") + (resource == null ? HumanUnits.NONE : resource);
    }
}
