package io.mqprobe.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** Runs a sustainable-load search to its end against a synthetic cluster: a step's outcome is a function of its rate. */
final class SearchRuns {

    private static final int GUARD = 50;

    private SearchRuns() {
    }

    /** The search without holds; {@code cluster} measures a step (index, offered rate). */
    static List<StepMeasurement> run(SustainableSearch search, BiFunction<Integer, Double, StepMeasurement> cluster) {
        List<StepMeasurement> paced = new ArrayList<>();
        for (int guard = 0; guard < GUARD; guard++) {
            Optional<SustainableSearch.Measure> next = search.next(paced);
            if (next.isEmpty()) {
                return paced;
            }
            paced.add(cluster.apply(paced.size(), next.get().recordsPerSecond()));
        }
        throw new AssertionError("the search did not end in " + GUARD + " steps");
    }

    /** The search with its holds: the paced steps, then the holds; {@code hold} measures a hold. */
    static List<List<StepMeasurement>> runHolding(SustainableSearch search, BiFunction<Integer, Double, StepMeasurement> cluster,
                                                  BiFunction<Integer, Double, StepMeasurement> hold) {
        List<StepMeasurement> paced = new ArrayList<>();
        List<StepMeasurement> held = new ArrayList<>();
        for (int guard = 0; guard < GUARD; guard++) {
            Optional<SustainableSearch.Measure> next = search.next(paced, held);
            if (next.isEmpty()) {
                return List.of(paced, held);
            }
            int index = paced.size() + held.size();
            if (next.get().hold()) {
                held.add(hold.apply(index, next.get().recordsPerSecond()));
            } else {
                paced.add(cluster.apply(index, next.get().recordsPerSecond()));
            }
        }
        throw new AssertionError("the search did not end in " + GUARD + " steps");
    }
}
