package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The terminal view of one measured step (the {@code produce}, {@code consume} and {@code e2e} commands):
 * rates, both latency views, errors, consumer checks and the resource peak/mean table.
 */
final class SingleStepText {

    private SingleStepText() {
    }

    static void append(StringBuilder out, JsonNode step, Ansi ansi) {
        String load = VerdictText.load(step);
        TerminalSummary.label(out, "throughput").append(ansi.bold(HumanUnits.rate(Fields.number(step, "bytesPerSecond"))))
                .append(" · ").append(HumanUnits.msgsPerSecond(Fields.number(step, "recordsPerSecond")))
                .append(load == null ? "" : " · " + load)
                .append(measured(step)).append('\n');
        latency(out, "latency", Fields.object(step, "latencyUs"), "corrected, from intended send time");
        latency(out, "service", Fields.object(step, "serviceLatencyUs"), "from actual send time");
        latency(out, "end-to-end", Fields.object(step, "e2eLatencyUs"), "send to consume");
        String errors = StepColumns.errors(step);
        if (!HumanUnits.NONE.equals(errors)) {
            TerminalSummary.label(out, "errors").append("0".equals(errors) ? "0" : ansi.red(TerminalSummary.plain(errors))).append('\n');
        }
        JsonNode consumed = Fields.object(step, "consumed");
        if (consumed != null) {
            double problems = orZero(Fields.number(consumed, "lost")) + orZero(Fields.number(consumed, "duplicates"))
                    + orZero(Fields.number(consumed, "outOfOrder"));
            String text = HumanUnits.count(Fields.number(consumed, "records")) + " records"
                    + (Fields.number(consumed, "bytesPerSecond") == null ? "" : " (" + HumanUnits.rate(Fields.number(consumed, "bytesPerSecond")) + ")")
                    + " · lost " + HumanUnits.count(Fields.number(consumed, "lost"))
                    + " · duplicates " + HumanUnits.count(Fields.number(consumed, "duplicates"))
                    + " · out-of-order " + HumanUnits.count(Fields.number(consumed, "outOfOrder"));
            TerminalSummary.label(out, "consumed").append(problems > 0 ? ansi.yellow(text) : text).append('\n');
        }
        resources(out, Fields.objects(step, "resources"));
    }

    private static String measured(JsonNode step) {
        Double ms = Fields.number(step, "measuredMs");
        return ms == null ? "" : " over " + HumanUnits.durationMs(ms);
    }

    private static void latency(StringBuilder out, String label, JsonNode l, String meaning) {
        if (l == null) {
            return;
        }
        TerminalSummary.label(out, label)
                .append("p50 ").append(HumanUnits.latencyUs(Fields.number(l, "p50")))
                .append("  p95 ").append(HumanUnits.latencyUs(Fields.number(l, "p95")))
                .append("  p99 ").append(HumanUnits.latencyUs(Fields.number(l, "p99")))
                .append("  p99.9 ").append(HumanUnits.latencyUs(Fields.number(l, "p999")))
                .append("  max ").append(HumanUnits.latencyUs(Fields.number(l, "max")))
                .append("  (").append(meaning).append(")\n");
    }

    private static void resources(StringBuilder out, List<JsonNode> resources) {
        if (resources.isEmpty()) {
            return;
        }
        TextTable table = new TextTable(List.of("source", "metric", "mean", "peak", "capacity"), false, false, true, true, true);
        resources.stream()
                .filter(r -> Fields.text(r, "source") != null && Fields.text(r, "metric") != null)
                .sorted((a, b) -> {
                    int bySource = SourceOrder.COMPARATOR.compare(Fields.text(a, "source"), Fields.text(b, "source"));
                    return bySource != 0 ? bySource : Fields.text(a, "metric").compareTo(Fields.text(b, "metric"));
                })
                .forEach(r -> {
                    MetricUnit unit = MetricUnit.of(Fields.text(r, "metric"));
                    table.row(List.of(TerminalSummary.plain(Fields.text(r, "source")), TerminalSummary.plain(Fields.text(r, "metric")),
                            value(unit, Fields.number(r, "mean")), value(unit, Fields.number(r, "peak")),
                            value(unit, Fields.number(r, "capacity"))));
                });
        out.append("  resources\n").append(table.render("    "));
    }

    private static String value(MetricUnit unit, Double v) {
        return v == null ? HumanUnits.NONE : unit.format(v);
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }
}
