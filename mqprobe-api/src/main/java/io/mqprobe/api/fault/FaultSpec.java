package io.mqprobe.api.fault;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mqprobe.api.UsageException;


/**
 * One fault on a timeline, as data (Trogdor's idea): what to break, which broker, when after the
 * step starts, and for how long. Executing it is the job of whoever owns the brokers (the embedded
 * process layer, or user-given commands for a real cluster); a spec only says what is wanted.
 *
 * <p>{@code durationMs} zero means the fault is a single act (kill, restart, wipe) or lasts until the
 * run ends; a positive duration undoes it afterwards (a killed broker is started again, a paused one
 * resumed, a partition healed, a disk throttle lifted).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = FaultSpec.Kill.class, name = "kill"),
        @JsonSubTypes.Type(value = FaultSpec.Stop.class, name = "stop"),
        @JsonSubTypes.Type(value = FaultSpec.Restart.class, name = "restart"),
        @JsonSubTypes.Type(value = FaultSpec.Wipe.class, name = "wipe"),
        @JsonSubTypes.Type(value = FaultSpec.Pause.class, name = "pause"),
        @JsonSubTypes.Type(value = FaultSpec.Partition.class, name = "partition"),
        @JsonSubTypes.Type(value = FaultSpec.SlowDisk.class, name = "slow-disk"),
        @JsonSubTypes.Type(value = FaultSpec.AllDown.class, name = "all-down")})
public sealed interface FaultSpec {

    /** Which broker: {@code broker-N}, {@code leader}, {@code controller}, {@code random} or {@code all}. */
    FaultTarget target();

    /** Offset from the start of the step the fault belongs to, ms. */
    long startMs();

    /** How long the fault lasts before it is undone, ms; zero = a single act, or until the run ends. */
    long durationMs();

    /** The short name used on the command line and in JSON ({@code kill}, {@code slow-disk}, ...). */
    default String kind() {
        return FaultSyntax.kindOf(getClass());
    }

    /** kill -9: the broker dies without a controlled shutdown; restarted after {@code durationMs} if positive. */
    record Kill(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Kill {
            validate(target, startMs, durationMs);
        }
    }

    /** SIGTERM, a controlled shutdown; restarted after {@code durationMs} if positive. */
    record Stop(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Stop {
            validate(target, startMs, durationMs);
        }
    }

    /** Stop (if running) and start again with the same data; a single act. */
    record Restart(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Restart {
            validate(target, startMs, durationMs);
        }
    }

    /** Stop, delete the broker's data (a lost disk), start again: it must re-replicate everything. */
    record Wipe(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Wipe {
            validate(target, startMs, durationMs);
        }
    }

    /** SIGSTOP, then SIGCONT after {@code durationMs}: a frozen JVM (long GC pause, stuck disk). */
    record Pause(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Pause {
            validate(target, startMs, durationMs);
        }
    }

    /** Cuts the broker off the other brokers and the clients (network namespaces), healed after {@code durationMs}. */
    record Partition(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public Partition {
            validate(target, startMs, durationMs);
        }
    }

    /** Throttles the broker's disk writes to {@code writeBytesPerSecond}, lifted after {@code durationMs}. */
    record SlowDisk(FaultTarget target, long startMs, long durationMs, long writeBytesPerSecond) implements FaultSpec {
        /** 10 MB/s: slow enough that a broker writing through the page cache falls behind within seconds. */
        public static final long DEFAULT_WRITE_BYTES_PER_SECOND = 10_000_000;

        public SlowDisk {
            validate(target, startMs, durationMs);
            if (writeBytesPerSecond <= 0) {
                throw new UsageException("slow-disk needs a positive write rate, got " + writeBytesPerSecond);
            }
        }
    }

    /** Every broker down (kill -9), then all started again after {@code durationMs} if positive. */
    record AllDown(FaultTarget target, long startMs, long durationMs) implements FaultSpec {
        public AllDown {
            validate(target, startMs, durationMs);
        }
    }

    /**
     * Parses {@code KIND[:TARGET][@START][+DURATION][=RATE]}, e.g. {@code kill:leader@10s},
     * {@code pause:broker-2@5s+3s}, {@code slow-disk:broker-1@0s+20s=5MB/s}, {@code all-down@10s+15s}.
     * The target defaults to {@code leader} ({@code all} for all-down), the start to 0.
     *
     * @throws UsageException naming the value and the accepted forms
     */
    static FaultSpec parse(String text) {
        return FaultSyntax.parse(text);
    }

    private static void validate(FaultTarget target, long startMs, long durationMs) {
        if (target == null || startMs < 0 || durationMs < 0) {
            throw new UsageException("a fault needs a target, a start and a duration that are not negative");
        }
    }
}
