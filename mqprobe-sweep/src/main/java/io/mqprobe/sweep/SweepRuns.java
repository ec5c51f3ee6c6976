package io.mqprobe.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sweep's record of its runs, by scenario name: what each run measures and why a run never started (a layout the
 * cluster cannot hold). The planner writes it; the summary reads it, so it never reads the planner. The judge needs
 * none of it: what each run is follows from the studies ({@link #planned}), why it failed from its steps.
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

    /**
     * Every run the studies plan, in the order they are measured: study by study, each one's cells alternating over
     * the repeats ({@link SweepCell#alternating}); a run's position counts within its study. No topic yet.
     */
    public static List<Run> planned(List<SweepStudy> studies, int repeats) {
        List<Run> all = new ArrayList<>();
        for (SweepStudy study : studies) {
            List<SweepCell.Run> order = SweepCell.alternating(study.cells(), repeats);
            for (int position = 0; position < order.size(); position++) {
                SweepCell.Run run = order.get(position);
                all.add(new Run(study, run.cell(), run.repeat(), position, null));
            }
        }
        return all;
    }

    /** A run that starts now. */
    void started(Run run) {
        runs.put(run.scenario(), run);
    }

    /** A run that never started, and why. */
    void skipped(Run run, String reason) {
        runs.put(run.scenario(), run);
        failures.put(run.scenario(), reason);
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
