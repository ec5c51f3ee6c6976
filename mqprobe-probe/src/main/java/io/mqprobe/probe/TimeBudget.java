package io.mqprobe.probe;

import io.mqprobe.search.SustainableSearch.Narrowing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How long one probe of a cluster may take, from when the user started it to when it exits (the cluster's start and
 * shutdown included). Each scenario gets an even share of the time left when it starts; once its share is spent, its sustainable
 * search narrows to within 10 % instead of 5 %. Once no more than the scenarios after it need is left (each a warm-up,
 * a ramp like the ones so far, its fractions, a step and its holds) and the {@link #RESERVE}, it takes one narrowing
 * step at most ({@link io.mqprobe.search.SustainableSearch.Narrowing}). A ramp, a warm-up, the fractions, that step and a hold are
 * never cut, so a probe can end past its budget by what they take.
 *
 * @param end   when the probe should be done
 * @param clock the time the shares are read against
 */
public record TimeBudget(Instant end, Clock clock) {

    /**
     * The shutdown after the result is written: the embedded brokers are killed and their data deleted, which on this
     * machine's disk (mounted with online discard) took about 0.5 s per GB, 6.5-7 s after a default probe
     * (2026-12-06 11:44-11:49: 12.2-12.4 GB left, each 1 GB segment's unlink 0.49-0.70 s).
     */
    static final Duration SHUTDOWN = Duration.ofSeconds(8);
    /**
     * What a scenario needs beyond its ramp however short of time: its fractions until one fails, its one narrowing
     * step and its hold, a second when the first fails (31-44 s in the last scenarios of the default probes here,
     * 2026-12-05 23:28 to 2026-12-06 02:15). Without it the last scenario got none: in a default probe here (2026-12-05
     * 17:26, run 1) the scenarios before it each narrowed on past their shares, replicated-leader's ramp began 24 s
     * before the whole budget's mark, and the probe ended 10 s past its 8 minutes. At 30 s (fractions and a hold alone)
     * the scenario before the last, once out of time, finished its own step and holds in time the last one needed: in
     * the series of 2026-12-06 02:15, whose load generator ramped further, two of three probes ran 8m06s and 8m15s.
     */
    static final Duration FRACTIONS_AND_HOLD = Duration.ofSeconds(45);
    /**
     * Kept back at the end: what still runs once the last search is out of time, its fractions when its ramp ended past
     * the mark (they are never cut), its one narrowing step and its holds, and the {@link #SHUTDOWN}. Each scenario before
     * it that goes out of time runs as much past its own mark, so the last one starts that much later than its need: at
     * 35 s (one narrowing step, two holds and a 3 s shutdown) five of nine default probes here ran 1-18 s past 8 minutes
     * (2026-12-06 08:41-10:29); in the slowest, replicated-all's ramp ended 8 s past its mark and its three fractions,
     * step and two holds took 51 s more, and replicated-leader's fractions, step and hold ended 12 s late. At 53 s three of
     * nine default probes here still ran 3-4 s past 8 minutes (series 2026-12-07 01:16, 02:18 and 02:45: 8m04s, 8m04s and
     * 8m03s, where the others took 7m27s-8m00s); the 5 s more is that overrun and a second to spare.
     */
    static final Duration RESERVE = FRACTIONS_AND_HOLD.plus(SHUTDOWN).plus(Duration.ofSeconds(5));
    /**
     * A later scenario's JVM warm-up at least, which the ramps measured so far leave out: in eighteen default probes here
     * (2026-12-06 05:07-10:29) broker-ceiling's took 0-2 s, replicated-all's, whose brokers meet the replication code
     * first, 15-55 s (45 s median) and replicated-leader's 1-12 s, 17 s on average; the first scenario's, which also
     * warms mqprobe's own send path, 23-46 s. At 10 s the scenarios before replicated-all were each let narrow some 30 s
     * longer than the ones after them could spare: in the first probe of 2026-12-06 11:56 its warm-up took 55 s,
     * replicated-leader began with 95 s of the budget left and the probe exited 13 s past its 8 minutes. A probe counts
     * the longest later warm-up it has measured instead when that was longer ({@link WarmUps}).
     */
    static final Duration WARM_UP = Duration.ofSeconds(20);

    /**
     * The warm-ups a probe has measured, as it reckons those still to come: the longest after its first. The first also
     * warms mqprobe's own send path and, since 2026-12-07, the brokers' replication ({@link ReplicatedWarmUp}); it took
     * 39-59 s in the six probes of series 03:56 and 04:52 that day, the later ones 5-36 s. Reckoned as long as the first,
     * the later ones were reckoned 60-140 s more than they took: single's and broker-ceiling's searches went out of
     * time at 22-76 % of their failing rates (single 30.0 MB/s searched to within 76 %, where the runs beside it held 64.4
     * and 54.0; broker-ceiling 21.2 MB/s within 52 %, beside 71.6 and 69.1) and the probes ended 12-66 s before their 8
     * minutes.
     *
     * @param measured          how many warm-ups the probe has measured
     * @param longestAfterFirst the longest of them after the first, zero until one was measured
     */
    record WarmUps(int measured, Duration longestAfterFirst) {

        static final WarmUps NONE = new WarmUps(0, Duration.ZERO);

        /** These warm-ups and one more that took {@code warmUp}. */
        WarmUps took(Duration warmUp) {
            boolean longer = measured > 0 && warmUp.compareTo(longestAfterFirst) > 0;
            return new WarmUps(measured + 1, longer ? warmUp : longestAfterFirst);
        }
    }

    /** When the scenario starting now, with {@code scenariosLeft} to run (itself included), has spent its share. */
    Instant shareEnd(int scenariosLeft) {
        Instant now = clock.instant();
        return now.plus(between(now, end.minus(RESERVE)).dividedBy(Math.max(1, scenariosLeft)));
    }

    /**
     * How far the current scenario's sustainable search may still narrow: {@link Narrowing#OUT_OF_TIME} once only what the
     * {@code scenariosAfter} still to come need is left beside the {@link #RESERVE}: each a warm-up as long as the longest
     * after the first of this probe so far ({@code warmUp}, {@link WarmUps}; at least {@link #WARM_UP}), a ramp of
     * {@code ramp} (the mean of those so far without their warm-ups) and {@link #FRACTIONS_AND_HOLD};
     * {@link Narrowing#SHORT_OF_TIME} past the scenario's {@code shareEnd}; else {@link Narrowing#FULL}.
     *
     * <p>The longest later warm-up so far, because a later scenario whose brokers meet code they have not run warms long:
     * over the 24 default probes of eight series here (2026-12-06 13:34-19:41, before the first warm-up also loaded a
     * replicated topic) the first scenario's warm-up took 28-55 s and replicated-all's (the brokers' replication) 29-61 s.
     * At 20 s for each, replicated-all and replicated-leader took 16-81 s (37 s median) more than broker-ceiling's search
     * reckoned when it narrowed, and it narrowed on into their time: six of the nine probes of series 18:13-19:13 ended
     * 11-40 s past their 8 minutes. Reckoned so, they took 50 s less to 37 s more (6 s less, median).
     */
    Narrowing narrowing(Instant shareEnd, int scenariosAfter, Duration warmUp, Duration ramp) {
        Duration eachWarmUp = warmUp.compareTo(WARM_UP) > 0 ? warmUp : WARM_UP;
        Duration needed = eachWarmUp.plus(ramp).plus(FRACTIONS_AND_HOLD).multipliedBy(scenariosAfter);
        if (passed(end.minus(RESERVE).minus(needed))) {
            return Narrowing.OUT_OF_TIME;
        }
        return passed(shareEnd) ? Narrowing.SHORT_OF_TIME : Narrowing.FULL;
    }

    /** What is left of the budget, zero once spent. */
    Duration left() {
        return between(clock.instant(), end);
    }

    /** From {@code now} to {@code instant}, zero once it has passed. */
    private static Duration between(Instant now, Instant instant) {
        Duration between = Duration.between(now, instant);
        return between.isNegative() ? Duration.ZERO : between;
    }

    boolean passed(Instant instant) {
        return clock.instant().isAfter(instant);
    }
}
