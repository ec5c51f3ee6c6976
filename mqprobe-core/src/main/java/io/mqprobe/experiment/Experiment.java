package io.mqprobe.experiment;

import java.util.Objects;

/**
 * What a command measures, as the engine sees it: a planner that says which step comes next and a
 * judge that turns each scenario's steps into its verdict. {@link ExperimentRunner} does the rest.
 *
 * @param kind name of the experiment in the result document ({@code probe}, {@code single-run}, ...)
 */
public record Experiment(String kind, Planner planner, Judge judge) {

    public Experiment {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(planner, "planner");
        Objects.requireNonNull(judge, "judge");
    }
}
