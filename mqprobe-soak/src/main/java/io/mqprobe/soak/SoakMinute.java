package io.mqprobe.soak;

import java.util.Map;

/**
 * One minute of a soak: what the load did and what each broker held, from the seconds and the monitors' samples that
 * fall in it. A figure no sampler reported in that minute is {@code null}.
 *
 * @param minute          0 for the first measured minute
 * @param seconds         measured seconds in it (the last minute may be short)
 * @param ackedPerSecond  acknowledged records/s
 * @param p99Ms           the minute's p99 from the intended send time, from its seconds' histograms merged
 * @param p999Ms          its p99.9 likewise
 * @param e2eP99Ms        the on-time readers' end-to-end p99
 * @param errors          failed sends
 * @param onTimeLag       the on-time group's largest lag in messages, by its committed offsets (which trail what it
 *                        read by up to the commit interval)
 * @param catchUpLagS     how far behind the writes the catch-up group read, in seconds (its own clock)
 * @param catchUpReadBps  what the catch-up group read, bytes/s
 * @param underReplicated the fewest partitions under-replicated at any sample: above 0, none of the minute was whole
 * @param hostResidencyS  seconds of all brokers' writes the host's page cache holds
 * @param brokers         per broker ({@code broker-1} ...)
 */
public record SoakMinute(int minute, long fromEpochMs, int seconds, double ackedPerSecond, double bytesPerSecond,
                         Double p99Ms, Double p999Ms, Double e2eP99Ms, long errors, Double onTimeLag, Double catchUpLagS,
                         Double catchUpReadBps, Double underReplicated, Double hostResidencyS, Map<String, Broker> brokers) {

    public SoakMinute {
        brokers = Map.copyOf(brokers);
    }

    /**
     * One broker's minute.
     *
     * @param oldGenAfterGcBytes its old generation after the minute's last collection
     * @param oldGenMaxBytes     what the old generation may grow to
     * @param logBytes           what the soak's topic holds on it at the minute's end
     * @param pageCacheBytes     page cache charged to its own memory cgroup
     * @param writeBps           bytes/s it wrote (to the page cache, on their way to the disk)
     * @param diskReadBps        bytes/s it read from the disk itself, not from the cache
     * @param residencyS         how many seconds of its writes its page cache holds
     */
    public record Broker(Double cpuCores, Double gcMsPerS, Double oldGenAfterGcBytes, Double oldGenMaxBytes, Double logBytes,
                         Double pageCacheBytes, Double writeBps, Double diskReadBps, Double diskWriteCeilingBps,
                         Double residencyS) {
    }
}
