package io.mqprobe.result;

import io.mqprobe.api.profile.ProcessProfile;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Why a scenario's limit binds: where each profiled process's threads ran and waited over the steps that set the
 * verdict, and the changes the shares point to.
 *
 * @param at        which steps: "the ceiling's steps 2, 3, 4"
 * @param steps     their indices
 * @param processes each profiled process with samples in those steps
 * @param why       per process at or near its CPU quota, "broker-1 CPU 94 %: TLS 41 %, compression (gzip) 23 %, request
 *                  handling 12 %"; then what grew as the load grew, and where the time went at the step that failed
 *                  the sustainable load
 * @param advice    what the shares suggest, each line citing its share
 * @param bySteps   the parts per process at each ramp step and at the sustainable load's failing step, in step order
 * @param failingStep the step that failed the sustainable load (the lowest rate that did not hold), or {@code null}
 * @param atLimit   per process at its own CPU limit whose profile spans more than the ceiling's steps (too few samples
 *                  there), the steps it came from: every ramp step the process ran at its limit
 */
public record ScenarioProfile(String at, List<Integer> steps, List<ProcessProfile> processes, List<String> why,
                              List<String> advice, List<StepProfile> bySteps, Integer failingStep,
                              Map<String, List<Integer>> atLimit) {

    public ScenarioProfile {
        steps = steps == null ? List.of() : List.copyOf(steps); // a file that left them out had none
        processes = processes == null ? List.of() : List.copyOf(processes); // a file that left them out had none
        why = why == null ? List.of() : List.copyOf(why); // a file that left them out had none
        advice = advice == null ? List.of() : List.copyOf(advice); // a file that left them out had none
        // documents written before steps were profiled have none
        bySteps = bySteps == null ? List.of() : List.copyOf(bySteps);
        // documents written before profiles were widened to a process's limit have none
        atLimit = atLimit == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(atLimit));   // in source order
    }

    /** "from steps 1, 2, 4, all at its limit" for a process profiled over more than the ceiling's steps, else empty. */
    public Optional<String> stepsAtLimit(String source) {
        return stepsAtLimit(atLimit, source);
    }

    /** {@link #stepsAtLimit(String)} from the steps each process was profiled over at its limit, while they are gathered. */
    public static Optional<String> stepsAtLimit(Map<String, List<Integer>> atLimit, String source) {
        return Optional.ofNullable(atLimit.get(source)).map(ScenarioProfile::atLimit);
    }

    /** The same profile with {@code lines} as its advice. */
    public ScenarioProfile withAdvice(List<String> lines) {
        return new ScenarioProfile(at, steps, processes, why, lines, bySteps, failingStep, atLimit);
    }

    /** "from steps 1, 2, 4, all at its limit": where a profile widened to its process's limit came from. */
    public static String atLimit(List<Integer> steps) {
        return "from steps " + steps.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ", all at its limit";
    }
}
