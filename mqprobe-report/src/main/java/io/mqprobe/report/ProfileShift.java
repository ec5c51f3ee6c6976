package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
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
     * @param baselineVerdict the scenario's probe verdict in the baseline run
     * @param laterVerdict    the scenario's probe verdict in the later run
     */
    static Optional<ProfileShift> of(String scenario, int run, JsonNode baselineVerdict, JsonNode laterVerdict) {
        JsonNode before = ProfileFields.of(baselineVerdict);
        JsonNode after = ProfileFields.of(laterVerdict);
        if (before == null || after == null) {
            return Optional.empty();
        }
        int compared = 0;
        List<ProcessShift> moved = new ArrayList<>();
        for (JsonNode base : ProfileFields.processes(before)) {
            JsonNode later = process(after, ProfileFields.source(base));
            if (later == null || ProfileFields.samples(base) < MIN_SAMPLES || ProfileFields.samples(later) < MIN_SAMPLES) {
                continue;
            }
            compared++;
            List<Move> parts = moves(ProfileFields.parts(base), ProfileFields.parts(later));
            List<Move> waits = moves(ProfileFields.waits(base), ProfileFields.waits(later));
            if (!parts.isEmpty() || !waits.isEmpty()) {
                moved.add(new ProcessShift(ProfileFields.source(base), (long) ProfileFields.samples(base),
                        (long) ProfileFields.samples(later), parts, waits));
            }
        }
        return Optional.of(new ProfileShift(scenario, run, compared, moved));
    }

    private static JsonNode process(JsonNode profile, String source) {
        return ProfileFields.processes(profile).stream().filter(p -> ProfileFields.source(p).equals(source)).findFirst()
                .orElse(null);
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
