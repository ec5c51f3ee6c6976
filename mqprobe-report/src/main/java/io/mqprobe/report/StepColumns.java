package io.mqprobe.report;

import io.mqprobe.api.monitor.CpuAccount;
import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;

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
    record Column(String header, Function<JsonNode, String> cell, boolean numeric) {
    }

    private StepColumns() {
    }

    static List<Column> of(JsonNode scenario) {
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        JsonNode verdict = Fields.probeVerdict(scenario);
        List<Column> all = List.of(
                new Column("step", s -> HumanUnits.count(Fields.number(s, "index")), true),
                new Column("clients", s -> HumanUnits.count(Fields.number(s, "clients")), true),
                new Column("target", s -> optional(Fields.number(s, "targetRecordsPerSecond"), HumanUnits::msgsPerSecond), true),
                new Column("records/s", s -> HumanUnits.msgsPerSecond(Fields.number(s, "recordsPerSecond")), true),
                new Column("throughput", s -> HumanUnits.rate(Fields.number(s, "bytesPerSecond")), true),
                new Column("interval", StepColumns::interval, false),
                new Column("settled", StepColumns::settled, false),
                new Column("host CPU", StepColumns::hostCpu, false),
                latency("p50", "latencyUs", "p50"),
                latency("p95", "latencyUs", "p95"),
                latency("p99", "latencyUs", "p99"),
                latency("p99.9", "latencyUs", "p999"),
                latency("max", "latencyUs", "max"),
                latency("service p99", "serviceLatencyUs", "p99"),
                latency("e2e p99", "e2eLatencyUs", "p99"),
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
    static String errors(JsonNode step) {
        JsonNode errors = Fields.object(step, "errors");
        if (errors == null) {
            return HumanUnits.NONE;
        }
        Map<String, Double> byType = new TreeMap<>();
        errors.properties().forEach(e -> {
            if (e.getValue().isNumber() && e.getValue().asDouble() > 0) {
                byType.put(e.getKey(), e.getValue().asDouble());
            }
        });
        double total = byType.values().stream().mapToDouble(Double::doubleValue).sum();
        if (total == 0) {
            return "0";
        }
        List<String> parts = new ArrayList<>();
        byType.forEach((type, n) -> parts.add(type + " " + HumanUnits.count(n)));
        return HumanUnits.count(total) + " (" + String.join(", ", parts) + ")";
    }

    /** {@code 123,453 · lost 0 · dup 2 · out-of-order 0}, or a dash when no consumer ran. */
    static String consumed(JsonNode step) {
        JsonNode c = Fields.object(step, "consumed");
        if (c == null) {
            return HumanUnits.NONE;
        }
        return HumanUnits.count(Fields.number(c, "records"))
                + " · lost " + HumanUnits.count(Fields.number(c, "lost"))
                + " · dup " + HumanUnits.count(Fields.number(c, "duplicates"))
                + " · out-of-order " + HumanUnits.count(Fields.number(c, "outOfOrder"));
    }

    /**
     * "±4.2 % (9 readings)", with "unstable" when it stayed wider than asked and "(broker-2 compiling 340 ms/s)" when a JVM
     * was still cold; "" without an interval.
     */
    static String interval(JsonNode step) {
        String precision = VerdictText.precision(Fields.object(step, "throughput"));
        if (precision == null) {
            return "";
        }
        String compiling = Fields.text(step, "compiling");
        return (Fields.text(step, "unstable") == null ? precision : precision + " unstable")
                + (compiling == null ? "" : " (" + compiling + ")");
    }

    /** Where the host's busy cores went ({@code cpuAccount}); "" when the step has no account. */
    static String hostCpu(JsonNode step) {
        JsonNode a = Fields.object(step, "cpuAccount");
        if (a == null) {
            return "";
        }
        return new CpuAccount(value(a, "hostCores"), value(a, "capacityCores"), value(a, "processes"), value(a, "outsideQuotas"),
                value(a, "monitors"), value(a, "otherProcesses"), value(a, "kernelThreads"), value(a, "unexplained")).compact();
    }

    private static double value(JsonNode node, String field) {
        Double v = Fields.number(node, field);
        return v == null ? 0 : v;
    }

    /** How long the step waited for a settled cluster, and what was left when the wait hit its bound. */
    static String settled(JsonNode step) {
        JsonNode settle = Fields.object(step, "settle");
        Double waitedMs = Fields.number(settle, "waitedMs");
        if (settle == null || waitedMs == null) {
            return "";
        }
        String unsettled = Fields.text(settle, "unsettled");
        String waited = waitedMs < 1000 ? HumanUnits.count(waitedMs) + " ms" : HumanUnits.durationMs(waitedMs);
        return unsettled == null ? waited : unsettled;
    }

    /** {@code knee, ceiling}: which verdict points this step is. */
    static String marks(JsonNode step, JsonNode verdict) {
        Double index = Fields.number(step, "index");
        List<String> marks = new ArrayList<>();
        for (String point : List.of("sustainable", "knee", "ceiling")) {
            Double at = Fields.number(Fields.object(verdict, point), "step");
            if (index != null && index.equals(at)) {
                marks.add(point);
            }
        }
        Double held = Fields.number(Fields.object(verdict, "sustainable"), "heldStep");
        if (index != null && index.equals(held)) {
            marks.add("sustainable held");
        }
        return String.join(", ", marks);
    }

    private static Column latency(String header, String object, String field) {
        return new Column(header, s -> HumanUnits.latencyUs(Fields.number(Fields.object(s, object), field)), true);
    }

    private static String optional(Double v, Function<Double, String> format) {
        return v == null ? HumanUnits.NONE : format.apply(v);
    }
}
