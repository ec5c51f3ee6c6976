package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A knee measured twice before it is believed. One ramp step of a few seconds can be off by tens of percent
 * on a shared machine (a GC pause, a neighbour's burst), and a knee decided by one noisy pair of steps moves
 * from one probe to the next. So when the ramp stops on a plateau, the two steps that decided it — the knee
 * and the step after it — are measured again; the ramp is then judged on the latest measurement of each client
 * count (the repeat replaces the first), and goes on if the repeat shows the load still paying. How far the two
 * measurements of each client count lay apart is the spread the report shows.
 */
public final class KneeConfirmation {

    /** Ramp steps a confirmation adds at most: the knee and the step after it. */
    public static final int REPEATED_STEPS = 2;

    private KneeConfirmation() {
    }

    /** The ramp as judged: per client count its latest measurement, in ramp order (clients increasing). */
    public static List<StepMeasurement> latestPerClients(List<StepMeasurement> ramp) {
        Map<Integer, StepMeasurement> latest = new LinkedHashMap<>();
        ramp.forEach(s -> latest.put(s.clients(), s));
        return latest.values().stream().sorted(Comparator.comparingInt(StepMeasurement::clients)).toList();
    }

    /**
     * The client counts to measure again: the knee's and the next step's, when the ramp ended on a plateau and
     * nothing was measured twice yet; empty otherwise (no plateau, or the one confirmation is done).
     */
    public static List<Integer> toRepeat(List<StepMeasurement> ramp, Thresholds thresholds) {
        List<StepMeasurement> judged = latestPerClients(ramp);
        if (judged.size() < ramp.size()) {
            return List.of();   // one confirmation per ramp: a knee that moved is judged on what was measured
        }
        GainJudge judge = new GainJudge(judged, thresholds);
        if (!judge.plateaued() || judged.size() < 2) {
            return List.of();
        }
        int knee = judge.kneePosition().orElseThrow();
        List<Integer> clients = new ArrayList<>();
        for (int i = knee; i < Math.min(knee + REPEATED_STEPS, judged.size()); i++) {
            clients.add(judged.get(i).clients());
        }
        boolean measuredOnce = clients.stream().allMatch(c -> ramp.stream().filter(s -> s.clients() == c).count() == 1);
        return measuredOnce ? clients : List.of();
    }

    /**
     * "knee confirmed: 2 clients 50.4 → 51.4 MB/s (2 %), 3 clients 51.9 → 51.1 MB/s (2 %)": every client count
     * measured more than once, first and latest throughput and their spread; empty when nothing was repeated.
     */
    public static Optional<String> spread(List<StepMeasurement> ramp) {
        Map<Integer, List<StepMeasurement>> byClients = new LinkedHashMap<>();
        ramp.forEach(s -> byClients.computeIfAbsent(s.clients(), c -> new ArrayList<>()).add(s));
        List<String> parts = new ArrayList<>();
        byClients.forEach((clients, steps) -> {
            if (steps.size() > 1) {
                StepMeasurement first = steps.get(0);
                StepMeasurement last = steps.get(steps.size() - 1);
                double mean = (first.bytesPerSecond() + last.bytesPerSecond()) / 2;
                double spreadPct = mean > 0 ? 100 * Math.abs(last.bytesPerSecond() - first.bytesPerSecond()) / mean : 0;
                parts.add(clients + (clients == 1 ? " client " : " clients ") + HumanUnits.mbPerSecond(first.bytesPerSecond())
                        + " → " + HumanUnits.mbPerSecond(last.bytesPerSecond()) + " (" + HumanUnits.pct(spreadPct) + ")");
            }
        });
        return parts.isEmpty() ? Optional.empty() : Optional.of("measured twice: " + String.join(", ", parts));
    }
}
