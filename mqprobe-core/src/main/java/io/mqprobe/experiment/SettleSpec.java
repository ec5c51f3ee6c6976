package io.mqprobe.experiment;

import io.mqprobe.api.UsageException;

import java.time.Duration;

/**
 * What a settled cluster is before a step starts: no under-replicated partition, followers holding as many bytes as
 * their leaders, every broker's CPU at most {@code brokerCpuPct} % of its cores and every monitored iowait at most
 * {@code iowaitPct} %; waited for at most {@code maxWait}, because a cluster that never settles must not stall a run.
 *
 * @param maxWait          the longest wait, at least 0 (0: only look, do not wait)
 * @param brokerCpuPct     a broker at or below this share of its cores is near idle, in (0, 100]
 * @param iowaitPct        a disk whose host waits on it at most this share of its CPU time is near idle, in (0, 100]
 * @param recreateBacklogs whether a topic whose followers are behind is deleted and created again rather than waited
 *                         for: only for topics whose data no later step reads (a probe's). An unthrottled step with
 *                         acks=1 left followers 1.3-2.2 GiB behind, which took longer than the 20 s bound to copy, so
 *                         every later step of the ramp started on brokers busy copying it
 */
public record SettleSpec(Duration maxWait, double brokerCpuPct, double iowaitPct, boolean recreateBacklogs) {

    /** Followers within this many bytes of their leaders, summed over the topics, have caught up. */
    public static final long FOLLOWER_LAG_TOLERANCE_BYTES = 1 << 20;

    public SettleSpec {
        if (maxWait.isNegative() || !isPct(brokerCpuPct) || !isPct(iowaitPct)) {
            throw new UsageException("a settle wait must not be negative and its CPU and iowait bars must be in (0, 100] %, got "
                    + maxWait + ", " + brokerCpuPct + " and " + iowaitPct);
        }
    }

    private static boolean isPct(double pct) {
        return pct > 0 && pct <= 100;
    }
}
