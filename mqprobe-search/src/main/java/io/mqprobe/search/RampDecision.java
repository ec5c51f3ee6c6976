package io.mqprobe.search;

import java.util.Objects;

/** What the ramp does after a step: measure the next, heavier step, or stop and say why. */
public sealed interface RampDecision permits RampDecision.Continue, RampDecision.Stop {

    /** Add load and measure another step. */
    record Continue() implements RampDecision {
    }

    /** The ramp is over; {@code reason} is one line for the user and the result's {@code stopReason}. */
    record Stop(String reason) implements RampDecision {
        public Stop {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
