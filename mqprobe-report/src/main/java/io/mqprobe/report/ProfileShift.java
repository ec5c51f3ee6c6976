package io.mqprobe.report;

import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.result.ScenarioProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a later run's CPU profile of one scenario differs from the baseline's: per process profiled in both runs, the
 * parts of its sampled on-CPU time and the waits of its threads whose share moved by {@link #MIN_MOVE_PP} or more,
 * largest move first. It says where the time went instead, not whether a figure changed: it is shown, never judged.
 *
 * @param scenario           the scenario's name
 * @param run                the later run's number as in the table (2 for the first run after the baseline)
 * @param processesCompared  processes with {@link #MIN_SAMPLES} samples or more in both runs; 0 says the profiles were
 *                           too thin to compare
 * @param processes          those of them with a part or wait that moved, in the baseline's order
 */
public record ProfileShift(String scenario, int run, int processesCompared, List<ProcessShift> processes) {

    /**
     * A share that moved less than this many percentage points is not shown: a share read from a few hundred samples
     * is uncertain by a few points (one standard error of a 50 % share of 200 samples is 3.5 pp), so smaller moves
     * are mostly sampling.
     */
    public static final double MIN_MOVE_PP = 5;
    /** Fewer samples than this in either run say too little to compare; mirrors WhyItBinds.MIN_SAMPLES in mqprobe-core. */
    public static final long MIN_SAMPLES = 50;
    /** Shares are written rounded, so a move of exactly 5 pp may read 4.999999 as a difference of doubles. */
    private static final double ROUNDING_PP = 1e-9;

    public ProfileShift {
        processes = List.copyOf(processes);
    }

    /**
     * One process's moved parts and waits.
     *
     * @param baselineSamples its on-CPU samples in the baseline run, the shares' resolution there
     * @param laterSamples    the same in the later run
     */
    public record ProcessShift(String source, long baselineSamples, long laterSamples, List<Move> parts, List<Move> waits) {

        public ProcessShift {
            parts = List.copyOf(parts);
            waits = List.copyOf(waits);
        }
    }

    /**
     * A part or wait whose share moved.
     *
     * @param name          "compression (gzip)", or a wait's threads and site: "request handlers waiting in
     *                      kafka.cluster.Partition.appendRecordsToLeader"
     * @param baselineShare its share in the baseline run, 0..1; {@code null} when that run had none (it appeared)
     * @param laterShare    its share in the later run, 0..1; {@code null} when that run had none (it disappeared)
     */
    public record Move(String name, Double baselineShare, Double laterShare) {

        /** The move in percentage points, positive when the share grew; a missing share counts as 0. */
        public double movedPp() {
            return 100 * (share(laterShare) - share(baselineShare));
        }

        private static double share(Double share) {
            return share == null ? 0 : share;
        }
    }

    /**
     * The shift from the baseline's profile to a later run's, or empty when either run has none (an older document,
     * {@code --no-profile}, a scenario that never reached its ceiling).
     *
     * @param baseline the scenario's profile in the baseline run, or {@code null}
     * @param later    the scenario's profile in the later run, or {@code null}
     */
    static Optional<ProfileShift> of(String scenario, int run, ScenarioProfile baseline, ScenarioProfile later) {
        if (baseline == null || later == null) {
            return Optional.empty();
        }
        int compared = 0;
        List<ProcessShift> moved = new ArrayList<>();
        for (ProcessProfile base : baseline.processes()) {
            ProcessProfile after = process(later, source(base));
            if (after == null || base.samples() < MIN_SAMPLES || after.samples() < MIN_SAMPLES) {
                continue;
            }
            compared++;
            List<Move> parts = moves(parts(base), parts(after));
            List<Move> waits = moves(waits(base), waits(after));
            if (!parts.isEmpty() || !waits.isEmpty()) {
                moved.add(new ProcessShift(source(base), base.samples(), after.samples(), parts, waits));
            }
        }
        return Optional.of(new ProfileShift(scenario, run, compared, moved));
    }

    private static ProcessProfile process(ScenarioProfile profile, String source) {
        return profile.processes().stream().filter(p -> source(p).equals(source)).findFirst().orElse(null);
    }

    /** "broker-1", "client"; a document that named no process reads "?". */
    private static String source(ProcessProfile process) {
        return named(process.source());
    }

    /** Each part's share of the process's sampled on-CPU time (0..1) by name, largest first as written. */
    private static Map<String, Double> parts(ProcessProfile process) {
        Map<String, Double> shares = new LinkedHashMap<>();
        process.parts().forEach(part -> shares.merge(named(part.name()), part.share(), Double::sum));
        return shares;
    }

    /**
     * Each wait's share of its pool's time (0..1), named by its threads and site: "request handlers waiting in
     * kafka.cluster.Partition.appendRecordsToLeader". One pool waiting at one site in two ways (a monitor and a park)
     * is one wait here: it is the place that matters when two runs are set side by side.
     */
    private static Map<String, Double> waits(ProcessProfile process) {
        Map<String, Double> shares = new LinkedHashMap<>();
        process.waits().forEach(wait -> shares.merge(named(wait.threads()) + " waiting in " + named(wait.site()),
                wait.share(), Double::sum));
        return shares;
    }

    private static String named(String name) {
        return name == null || name.isBlank() ? "?" : name;
    }

    /** The shares in either run that moved by {@link #MIN_MOVE_PP} or more, largest move first. */
    private static List<Move> moves(Map<String, Double> baseline, Map<String, Double> later) {
        Set<String> names = new LinkedHashSet<>(baseline.keySet());
        names.addAll(later.keySet());
        return names.stream().map(name -> new Move(name, baseline.get(name), later.get(name)))
                .filter(m -> Math.abs(m.movedPp()) >= MIN_MOVE_PP - ROUNDING_PP)
                .sorted(Comparator.comparingDouble((Move m) -> Math.abs(m.movedPp())).reversed())
                .toList();
    }
}
