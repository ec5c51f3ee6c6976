package io.mqprobe.report;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.time.Instant;
import java.util.List;

/**
 * The time span of one scenario, from its per-second intervals or else from its steps' start and
 * durations; resource timelines are cut to it. Null when a scenario left no times at all.
 */
record ScenarioWindow(long fromMs, long toMs) {

    static ScenarioWindow of(ScenarioResult scenario, List<IntervalRow> intervals) {
        if (!intervals.isEmpty()) {
            long from = intervals.get(0).epochMs();
            long to = intervals.get(intervals.size() - 1).epochMs() + 1000;
            return new ScenarioWindow(from, to);
        }
        Long from = null;
        Long to = null;
        for (StepResult step : scenario.steps()) {
            Instant start = RunStatus.instant(step.startedAt());
            if (start == null) {
                continue;
            }
            long end = start.toEpochMilli() + step.warmupMs() + step.measuredMs();
            from = from == null ? start.toEpochMilli() : Math.min(from, start.toEpochMilli());
            to = to == null ? end : Math.max(to, end);
        }
        return from == null ? null : new ScenarioWindow(from, to);
    }
}
