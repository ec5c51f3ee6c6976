package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;

/**
 * The time span of one scenario, from its per-second intervals or else from its steps' start and
 * durations; resource timelines are cut to it. Null when a scenario left no times at all.
 */
record ScenarioWindow(long fromMs, long toMs) {

    static ScenarioWindow of(JsonNode scenario, List<JsonNode> intervals) {
        if (!intervals.isEmpty()) {
            long from = Fields.number(intervals.get(0), "epochMs").longValue();
            long to = Fields.number(intervals.get(intervals.size() - 1), "epochMs").longValue() + 1000;
            return new ScenarioWindow(from, to);
        }
        Long from = null;
        Long to = null;
        for (JsonNode step : Fields.objects(scenario, "steps")) {
            Instant start = RunStatus.instant(Fields.text(step, "startedAt"));
            if (start == null) {
                continue;
            }
            long end = start.toEpochMilli() + orZero(Fields.number(step, "warmupMs")) + orZero(Fields.number(step, "measuredMs"));
            from = from == null ? start.toEpochMilli() : Math.min(from, start.toEpochMilli());
            to = to == null ? end : Math.max(to, end);
        }
        return from == null ? null : new ScenarioWindow(from, to);
    }

    private static long orZero(Double ms) {
        return ms == null ? 0 : ms.longValue();
    }
}
