package io.mqprobe.load;

import io.mqprobe.api.UsageException;

import java.time.Duration;

/**
 * A backlog to build and drain inside a step (OMB's {@code consumerBacklogSizeGB}): after the warm-up the consumers
 * pause while the producers go on, until the cluster holds {@code targetBytes} the consumers have not read; then the
 * consumers resume, and once the backlog is down to {@link #drainedRecords()} the step measures {@code afterDrain}
 * more before the producers stop.
 *
 * @param recordSizeBytes what one record adds to the backlog
 * @param subscriptions   consumer groups that each must read every record (a record is owed once to each)
 * @param drainRatio      the share of the backlog that must be read before it counts as drained (OMB's
 *                        {@code backlogDrainRatio}, 1 = all of it)
 * @param bound           the longest building and draining together may take; then the step stops sending and
 *                        says how far it got, instead of waiting without end as OMB does
 */
public record BacklogSpec(long targetBytes, int recordSizeBytes, int subscriptions, double drainRatio,
                          Duration afterDrain, Duration bound) {

    /** OMB counts a backlog of at most this many records as drained whatever the ratio. */
    static final long DRAINED_FLOOR_RECORDS = 1000;

    public BacklogSpec {
        if (targetBytes <= 0 || recordSizeBytes <= 0 || subscriptions < 1) {
            throw new UsageException("a backlog needs a positive size, record size and at least one subscription");
        }
        if (!(drainRatio > 0 && drainRatio <= 1)) {
            throw new UsageException("backlogDrainRatio must be above 0 and at most 1, got " + drainRatio);
        }
    }

    /** OMB's empty level: what may still be unread once {@code drainRatio} of the backlog was read. */
    public long drainedRecords() {
        long capacity = targetBytes / recordSizeBytes;
        return Math.max(DRAINED_FLOOR_RECORDS, (long) ((1.0 - drainRatio) * capacity));
    }
}
