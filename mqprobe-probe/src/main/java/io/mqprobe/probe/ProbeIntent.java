package io.mqprobe.probe;

import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepIntent;
import io.mqprobe.search.SustainableSearch;

/** What the probe's planner meant by a step: part of the unthrottled ramp, or of the paced search for the sustainable load. */
public sealed interface ProbeIntent extends StepIntent {

    /** A step of the ramp, which plans {@code plannedSteps} client counts (a knee measured twice repeats one of them). */
    record Ramp(int plannedSteps) implements ProbeIntent {
    }

    /**
     * A scenario's warm-up: its load run, unjudged, until every JVM has compiled what it runs (the judge reads neither
     * its figures nor its verdict; result.json keeps it, with every JVM's compile rate). {@code alsoLoading} says what
     * else it loads (the probe's first warm-up: a replicated topic, {@link ReplicatedWarmUp}), or is {@code null}.
     */
    record Warm(String alsoLoading) implements ProbeIntent {

        public Warm() {
            this(null);
        }

        @Override
        public boolean judged() {
            return false;
        }
    }

    /**
     * A step of the search for the sustainable load; the search answers from the paced steps alone. A {@code hold} holds
     * the search's answer, longer than a search step, before it is reported.
     */
    record Paced(SustainableSearch search, boolean hold) implements ProbeIntent {

        public Paced(SustainableSearch search) {
            this(search, false);
        }
    }

    /** A step of the ramp: what the planner reads back to decide the ramp's end, and the judge to name the ceiling. */
    static boolean ramp(MeasuredStep step) {
        return step.plan().intent() instanceof Ramp;
    }

    /** A scenario's warm-up. */
    static boolean warm(MeasuredStep step) {
        return step.plan().intent() instanceof Warm;
    }

    /** A step of the paced search. */
    static boolean paced(MeasuredStep step) {
        return step.plan().intent() instanceof Paced p && !p.hold();
    }

    /** A step holding the search's answer. */
    static boolean held(MeasuredStep step) {
        return step.plan().intent() instanceof Paced p && p.hold();
    }
}
