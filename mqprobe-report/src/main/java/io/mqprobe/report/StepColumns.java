package io.mqprobe.report;

import io.mqprobe.api.monitor.CpuAccount;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.ScenarioVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The per-step table shared by the HTML and Markdown reports: plain-text cells, each renderer escapes
 * for its own format. Columns that no step fills (no consumer, no rate limit) are left out.
 */
final class StepColumns {

    /** One column; {@code numeric} columns are right-aligned. */
    record Column(String header, Function<StepResult, String> cell, boolean numeric) {
    }

    private StepColumns() {
    }

    static List<Column> of(ScenarioResult scenario) {
        List<StepResult> steps = scenario.steps();
        ScenarioVerdict verdict = scenario.probeFindings();
        List<Column> all = List.of(
                new Column("step", s -> HumanUnits.count((double) s.index()), true),
                new Column("clients", s -> HumanUnits.count((double) s.clients()), true),
                new Column("target", s -> optional(s.targetRecordsPerSecond(), HumanUnits::msgsPerSecond), true),
                new Column("records/s", s -> HumanUnits.msgsPerSecond(s.recordsPerSecond()), true),
                new Column("throughput", s -> HumanUnits.rate(s.bytesPerSecond()), true),
                new Column("interval", StepColumns::interval, false),
                new Column("settled", StepColumns::settled, false),
                new Column("host CPU", StepColumns::hostCpu, false),
                latency("p50", StepResult::latencyUs, LatencySummary::p50),
                latency("p95", StepResult::latencyUs, LatencySummary::p95),
                latency("p99", StepResult::latencyUs, LatencySummary::p99),
                latency("p99.9", StepResult::latencyUs, LatencySummary::p999),
                latency("max", StepResult::latencyUs, LatencySummary::max),
                latency("service p99", StepResult::serviceLatencyUs, LatencySummary::p99),
                latency("e2e p99", StepResult::e2eLatencyUs, LatencySummary::p99),
                new Column("errors", StepColumns::errors, false),
                new Column("consumed", StepColumns::consumed, false),
                new Column("verdict", s -> marks(s, verdict), false));
        List<Column> kept = new ArrayList<>();
        for (Column c : all) {
            if (steps.stream().anyMatch(s -> !HumanUnits.NONE.equals(c.cell.apply(s)) && !c.cell.apply(s).isEmpty())) {
                kept.add(c);
            }
        }
        return kept;
    }

    /** {@code 4 (TimeoutException 3, NotLeaderOrFollowerException 1)}, {@code 0}, or a dash when not counted. */
    static String errors(StepResult step) {
        if (step.errors() == null) {
            return HumanUnits.NONE;
        }
        Map<String, Long> byType = new TreeMap<>();
        step.errors().forEach((type, n) -> {
            if (n != null && n > 0) {
                byType.put(type, n);
            }
        });
        double total = byType.values().stream().mapToDouble(Long::doubleValue).sum();
        if (total == 0) {
            return "0";
        }
        List<String> parts = new ArrayList<>();
        byType.forEach((type, n) -> parts.add(type + " " + HumanUnits.count(n.doubleValue())));
        return HumanUnits.count(total) + " (" + String.join(", ", parts) + ")";
    }

    /** {@code 123,453 · lost 0 · dup 2 · out-of-order 0}, or a dash when no consumer ran. */
    static String consumed(StepResult step) {
        StepResult.Consumed c = step.consumed();
        if (c == null) {
            return HumanUnits.NONE;
        }
        return HumanUnits.count((double) c.records())
                + " · lost " + HumanUnits.count((double) c.lost())
                + " · dup " + HumanUnits.count((double) c.duplicates())
                + " · out-of-order " + HumanUnits.count((double) c.outOfOrder());
    }

    /**
     * "±4.2 % (9 readings)", with "unstable" when it stayed wider than asked and "(broker-2 compiling 340 ms/s)" when a JVM
     * was still cold; "" without an interval.
     */
    static String interval(StepResult step) {
        String precision = VerdictText.precision(step.throughput());
        if (precision == null) {
            return "";
        }
        return (step.unstable() == null ? precision : precision + " unstable")
                + (step.compiling() == null ? "" : " (" + step.compiling() + ")");
    }

    /** Where the host's busy cores went; "" when the step has no account (the host's processes were not sampled). */
    static String hostCpu(StepResult step) {
        CpuAccount account = step.cpuAccount();
        return account == null ? "" : account.compact();
    }

    /** How long the step waited for a settled cluster, and what was left when the wait hit its bound. */
    static String settled(StepResult step) {
        StepResult.Settle settle = step.settle();
        if (settle == null) {
            return "";
        }
        double waitedMs = settle.waitedMs();
        String waited = waitedMs < 1000 ? HumanUnits.count(waitedMs) + " ms" : HumanUnits.durationMs(waitedMs);
        return settle.unsettled() == null ? waited : settle.unsettled();
    }

    /** {@code knee, ceiling}: which verdict points this step is. */
    static String marks(StepResult step, ScenarioVerdict verdict) {
        List<String> marks = new ArrayList<>();
        if (verdict == null) {
            return "";
        }
        int index = step.index();
        if (verdict.sustainable() != null && verdict.sustainable().step() == index) {
            marks.add("sustainable");
        }
        if (verdict.knee() != null && verdict.knee().step() == index) {
            marks.add("knee");
        }
        if (verdict.ceiling() != null && verdict.ceiling().step() == index) {
            marks.add("ceiling");
        }
        Integer held = verdict.sustainable() == null ? null : verdict.sustainable().heldStep();
        if (held != null && held == index) {
            marks.add("sustainable held");
        }
        return String.join(", ", marks);
    }

    private static Column latency(String header, Function<StepResult, LatencySummary> which,
                                  Function<LatencySummary, Double> percentile) {
        return new Column(header, s -> which.apply(s) == null ? HumanUnits.NONE : HumanUnits.latencyUs(percentile.apply(which.apply(s))), true);
    }

    private static String optional(Double v, Function<Double, String> format) {
        return v == null ? HumanUnits.NONE : format.apply(v);
    }
}
