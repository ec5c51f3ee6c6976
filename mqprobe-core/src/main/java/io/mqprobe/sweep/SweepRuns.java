package io.mqprobe.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sweep's record of its runs, by scenario name: what each run measures and why a run failed before its
 * load could say so (a rejected config change, a layout the cluster cannot hold). The planner and the
 * command's action handler write it; the judge and the summary read it, so neither reads the planner.
 */
public final class SweepRuns {

    /** What one scenario of the sweep measures; {@code topic} is null for a run that was skipped. */
    public record Run(SweepStudy study, SweepCell cell, int repeat, int position, String topic) {

        /** Scenario name of a run: {@code compression.type=lz4 #2}. */
        public String scenario() {
            return cell.label() + " #" + repeat;
        }
    }

    private final Map<String, Run> runs = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private volatile Run current;

    /** A run that starts now: failures of the config changes that follow belong to it. */
    void started(Run run) {
        runs.put(run.scenario(), run);
        current = run;
    }

    /** A run that never started, and why. */
    void skipped(Run run, String reason) {
        runs.put(run.scenario(), run);
        failures.put(run.scenario(), reason);
    }

    /** Marks the run that is going on as failed (the command's action handler calls this). */
    public void currentFailed(String reason) {
        Run run = current;
        if (run != null) {
            failures.merge(run.scenario(), reason, (a, b) -> a + "; " + b);
        }
    }

    /** Every run the sweep got to, in order. */
    public Map<String, Run> all() {
        synchronized (runs) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(runs));
        }
    }

    public Optional<Run> get(String scenario) {
        return Optional.ofNullable(runs.get(scenario));
    }

    public Optional<String> failure(String scenario) {
        return Optional.ofNullable(failures.get(scenario));
    }
}
