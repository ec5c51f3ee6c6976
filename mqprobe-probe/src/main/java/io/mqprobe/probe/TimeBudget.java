package io.mqprobe.probe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How long one probe of a cluster may take, from its start (the cluster's start included) to its result. Each scenario
 * gets an even share of the time left when it starts; once its share is spent, its sustainable search narrows to within
 * 10 % instead of 5 %, and once the whole budget but its {@link #RESERVE} is spent, not at all
 * ({@link io.mqprobe.search.SustainableSearch.Narrowing}). What the budget trims is the search's last steps: a ramp, a
 * warm-up, the fractions and a hold still run in full, so a probe can end past its budget by what they take.
 *
 * @param end   when the probe should be done
 * @param clock the time the shares are read against
 */
public record TimeBudget(Instant end, Clock clock) {

    /**
     * Kept back from the last share: what still runs after a search stops narrowing (a hold of 14 s, a second one when the
     * first fails) and the cluster's shutdown.
     */
    static final Duration RESERVE = Duration.ofSeconds(30);

    /** A budget of {@code length} from now. */
    public static TimeBudget starting(Duration length, Clock clock) {
        return new TimeBudget(clock.instant().plus(length), clock);
    }

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
