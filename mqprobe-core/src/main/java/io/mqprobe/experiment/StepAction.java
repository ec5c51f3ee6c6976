package io.mqprobe.experiment;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mqprobe.api.fault.FaultSpec;

import java.util.Objects;

/**
 * Something done to the cluster at a set time during a step, as data. The experiment runner fires it
 * at {@link #offsetMs()} through the command's {@link ActionHandler} and records what happened. A
 * broker-config change (for the sweep) is the next subtype to add here.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = StepAction.FaultAction.class, name = "fault")})
public sealed interface StepAction {

    /** When to fire, ms after the step starts. */
    long offsetMs();

    /** One line for the result document and the progress output ({@code kill:leader@10000ms+5000ms}). */
    String describe();

    /** Breaks something (kill, pause, partition, ...) as its {@link FaultSpec} says, at the fault's own start. */
    record FaultAction(FaultSpec fault) implements StepAction {
        public FaultAction {
            Objects.requireNonNull(fault, "fault");
        }

        @Override
        public long offsetMs() {
            return fault.startMs();
        }

        @Override
        public String describe() {
            return fault.kind() + ":" + fault.target() + "@" + fault.startMs() + "ms"
                    + (fault.durationMs() > 0 ? "+" + fault.durationMs() + "ms" : "");
        }
    }
}
