package io.mqprobe.probe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How long one probe of a cluster may take, from when the user started it (the cluster's start included) to its
 * result. Each scenario gets an even share of the time left when it starts; once its share is spent, its sustainable
 * search narrows to within 10 % instead of 5 %, and once the whole budget but its {@link #RESERVE} is spent, not at all
 * ({@link io.mqprobe.search.SustainableSearch.Narrowing}). What the budget trims is the search's last steps: a ramp, a
 * warm-up, the fractions and a hold still run in full, so a probe can end past its budget by what they take.
 *
 * @param end   when the probe should be done
 * @param clock the time the shares are read against
 */
public record TimeBudget(Instant end, Clock clock) {

    /**
     * Kept back from the last share: what still runs once the last search may narrow no further. In a default probe here
     * (2026-12-05 16:58, run 1) replicated-leader's ramp ended 4 s past a 30 s reserve's mark, and its two fractions (13 s),
     * its hold (13 s), the shutdown and the JVM's exit ended the probe 6 s past its 8 minutes.
     */
    static final Duration RESERVE = Duration.ofSeconds(40);

    /** When the scenario starting now, with {@code scenariosLeft} to run (itself included), has spent its share. */
    Instant shareEnd(int scenariosLeft) {
        Instant now = clock.instant();
        Duration left = Duration.between(now, end.minus(RESERVE));
        return left.isNegative() ? now : now.plus(left.dividedBy(Math.max(1, scenariosLeft)));
    }

    /** The whole budget but its reserve is spent. */
    boolean spent() {
        return passed(end.minus(RESERVE));
    }

    boolean passed(Instant instant) {
        return clock.instant().isAfter(instant);
    }
}
