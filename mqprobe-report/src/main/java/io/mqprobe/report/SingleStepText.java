package io.mqprobe.report;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.StepResult;

import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The terminal view of one measured step (the {@code produce}, {@code consume} and {@code e2e} commands):
 * rates, both latency views, errors, consumer checks and the resource peak/mean table.
 */
final class SingleStepText {

    private SingleStepText() {
    }

    static void append(StringBuilder out, StepResult step, Ansi ansi) {
        TerminalSummary.label(out, "throughput").append(ansi.bold(HumanUnits.rate(step.bytesPerSecond())))
                .append(" · ").append(HumanUnits.msgsPerSecond(step.recordsPerSecond()))
                .append(" · ").append(VerdictText.load(step))
                .append(" over ").append(HumanUnits.durationMs((double) step.measuredMs())).append('\n');
        latency(out, "latency", step.latencyUs(), "corrected, from intended send time");
        latency(out, "service", step.serviceLatencyUs(), "from actual send time");
        latency(out, "end-to-end", step.e2eLatencyUs(), "send to consume");
        String errors = StepColumns.errors(step);
        if (!HumanUnits.NONE.equals(errors)) {
            TerminalSummary.label(out, "errors").append("0".equals(errors) ? "0" : ansi.red(TerminalSummary.plain(errors))).append('\n');
        }
        StepResult.Consumed consumed = step.consumed();
        if (consumed != null) {
            boolean problems = consumed.lost() + consumed.duplicates() + consumed.outOfOrder() > 0;
            String text = HumanUnits.count((double) consumed.records()) + " records"
                    + " (" + HumanUnits.rate(consumed.bytesPerSecond()) + ")"
                    + " · lost " + HumanUnits.count((double) consumed.lost())
                    + " · duplicates " + HumanUnits.count((double) consumed.duplicates())
                    + " · out-of-order " + HumanUnits.count((double) consumed.outOfOrder());
            TerminalSummary.label(out, "consumed").append(problems ? ansi.yellow(text) : text).append('\n');
        }
        resources(out, step.resources() == null ? List.of() : step.resources());
    }

    private static void latency(StringBuilder out, String label, LatencySummary l, String meaning) {
        if (l == null) {
            return;
        }
        TerminalSummary.label(out, label)
                .append("p50 ").append(HumanUnits.latencyUs(l.p50()))
                .append("  p95 ").append(HumanUnits.latencyUs(l.p95()))
                .append("  p99 ").append(HumanUnits.latencyUs(l.p99()))
                .append("  p99.9 ").append(HumanUnits.latencyUs(l.p999()))
                .append("  max ").append(HumanUnits.latencyUs(l.max()))
                .append("  (").append(meaning).append(")\n");
    }

    private static void resources(StringBuilder out, List<ResourceUsage> resources) {
        if (resources.isEmpty()) {
            return;
        }
        TextTable table = new TextTable(List.of("source", "metric", "mean", "peak", "capacity"), false, false, true, true, true);
        resources.stream()
                .sorted(Comparator.comparing(ResourceUsage::source, SourceOrder.COMPARATOR).thenComparing(ResourceUsage::metric))
                .forEach(r -> {
                    MetricUnit unit = MetricUnit.of(r.metric());
                    table.row(List.of(TerminalSummary.plain(r.source()), TerminalSummary.plain(r.metric()),
                            value(unit, r.mean()), value(unit, r.peak()), value(unit, r.capacity())));
                });
        out.append("  resources\n").append(table.render("    "));
    }

    /** A dash for a figure not known (a mean or peak an older file wrote as null reads as NaN). */
    private static String value(MetricUnit unit, double v) {
        return Double.isNaN(v) ? HumanUnits.NONE : unit.format(v);
    }

    /** A dash for a capacity not known. */
    private static String value(MetricUnit unit, OptionalDouble v) {
        return v.isPresent() ? unit.format(v.getAsDouble()) : HumanUnits.NONE;
    }
}
