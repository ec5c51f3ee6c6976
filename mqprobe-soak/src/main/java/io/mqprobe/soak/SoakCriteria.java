package io.mqprobe.soak;

import java.time.Duration;

/**
 * What a soak is judged against.
 *
 * @param targetRecordsPerSecond the offered rate
 * @param sloP99                 the p99 a minute must stay within
 * @param asked                  how long the load was asked to run, measured
 * @param onTimeGroup            the group reading as the writes arrive
 * @param catchUpGroup           the group kept behind, or {@code null}
 * @param catchUp                how that group reads (a lag kept, or from the topic's start), or {@code null}
 * @param diskLimitBytes         what the soak's topic may hold on all brokers together (the run's disk budget), or
 *                               {@code null} without one
 * @param retentionCapBytes      what retention keeps the topic at, every replica counted (its retained bytes and one
 *                               active segment per replica), or {@code null} when retention does not cap its size
 * @param origin                 the probe's answer the soak checks, or {@code null}
 * @param correction             0 for the rate asked, k for the k-th lower rate tried after it broke ({@link SoakCorrection})
 */
record SoakCriteria(double targetRecordsPerSecond, Duration sloP99, Duration asked, String onTimeGroup, String catchUpGroup,
                    CatchUp catchUp, Double diskLimitBytes, Double retentionCapBytes, ProbeOrigin origin, int correction) {

    /** The criteria of the rate asked, before any correction. */
    SoakCriteria(double targetRecordsPerSecond, Duration sloP99, Duration asked, String onTimeGroup, String catchUpGroup,
                 CatchUp catchUp, Double diskLimitBytes, Double retentionCapBytes, ProbeOrigin origin) {
        this(targetRecordsPerSecond, sloP99, asked, onTimeGroup, catchUpGroup, catchUp, diskLimitBytes, retentionCapBytes,
                origin, 0);
    }

    /** A minute in which the on-time group's readers saw records this many seconds after they were sent (p99) fell behind. */
    static final double ON_TIME_BEHIND_S = 10;
    /** A minute that acknowledged less than this share of the offered rate did not carry it. */
    static final double CARRIED_SHARE = 0.9;
    /** Failed sends above this share of a minute's sends break it (the probe's error threshold). */
    static final double ERROR_SHARE = 0.001;
    /** A minute shorter than this (the last, cut by the end) is too short to judge a rate by. */
    static final int SHORTEST_JUDGED_S = 20;

    /** Whether the catch-up group reads from the topic's start (it keeps no lag). */
    boolean catchUpFromStart() {
        return catchUp != null && catchUp.fromStart();
    }
}
