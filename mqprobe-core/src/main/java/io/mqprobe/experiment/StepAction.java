package io.mqprobe.experiment;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.monitor.Sources;

import java.util.Objects;

/**
 * Something done to the cluster at a set time during a step, as data. The experiment runner fires it
 * at {@link #offsetMs()} through the command's {@link ActionHandler} and records what happened.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = StepAction.FaultAction.class, name = "fault"),
        @JsonSubTypes.Type(value = StepAction.BrokerConfigChange.class, name = "broker-config")})
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

    /**
     * Sets one broker setting before the step's load starts (the runner applies it synchronously, so the
     * whole step runs with it); the command's handler journals the old value first so it can be restored.
     */
    record BrokerConfigChange(int brokerId, String key, String value) implements StepAction {
        public BrokerConfigChange {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public long offsetMs() {
            return 0;
        }

        /** True for actions the runner carries out before the load starts rather than at an offset into it. */
        public static boolean beforeLoad(StepAction action) {
            return action instanceof BrokerConfigChange;
        }

        @Override
        public String describe() {
            return Sources.broker(brokerId) + " " + key + "=" + value;
        }
    }
}
