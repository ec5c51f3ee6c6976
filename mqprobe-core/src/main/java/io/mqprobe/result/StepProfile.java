package io.mqprobe.result;

import io.mqprobe.api.profile.ProcessProfile;

import java.util.List;

/**
 * Where the profiled processes' time went over one step: the parts of each, without flame trees (a probe has a dozen
 * steps; the ceiling's flame graph is the one kept).
 */
public record StepProfile(int step, List<ProcessProfile> processes) {

    public StepProfile {
        processes = processes == null ? List.of() : List.copyOf(processes); // a file that left them out had none
    }
}
