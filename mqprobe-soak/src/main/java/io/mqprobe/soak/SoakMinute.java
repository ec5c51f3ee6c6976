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
 * @param catchUpLagS     how far behind the writes the catch-up group read, in seconds (its own clock): the minute's
 *                        mean when it is kept behind, the furthest when it reads from the start
 * @param catchUpReadBps  what the catch-up group read, bytes/s
 * @param underReplicated the fewest partitions under-replicated at any sample: above 0, none of the minute was whole
 * @param hostResidencyS  seconds of all brokers' writes the host's page cache holds
 * @param brokers         per broker ({@code broker-1} ...)
 * @param cpu             per process (the brokers, {@code client}: mqprobe itself) and the {@code host}: its CPU against
 *                        its limit
 */
public record SoakMinute(int minute, long fromEpochMs, int seconds, double ackedPerSecond, double bytesPerSecond,
                         Double p99Ms, Double p999Ms, Double e2eP99Ms, long errors, Double onTimeLag, Double catchUpLagS,
                         Double catchUpReadBps, Double underReplicated, Double hostResidencyS, Map<String, Broker> brokers,
                         Map<String, Cpu> cpu) {

    public SoakMinute {
        brokers = Map.copyOf(brokers);
        cpu = cpu == null ? Map.of() : Map.copyOf(cpu);
    }

    /**
     * A process's (or the host's) CPU over the minute.
     *
     * @param cores          mean cores busy
     * @param limitCores     the cores it may use: its quota, the limit it reports, else the host's
     * @param throttledShare the mean share of its CFS periods in which its quota ran out, where it has one
     */
    public record Cpu(double cores, Double limitCores, Double throttledShare) {

        /** Its busy cores as a share of its limit, or {@code null} without one. */
        public Double share() {
            return limitCores == null || limitCores <= 0 ? null : cores / limitCores;
        }
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
     * @param segmentsRolled     log segments of the soak's topics it rolled in the minute (rises of its segment count
     *                           between readings a few seconds apart), or {@code null} where nothing counts them
     * @param segmentsDeleted    closed segments retention deleted likewise (falls of the count)
     * @param longGcSeconds      seconds in which its collections paused it {@link #LONG_GC_MS_PER_S} ms or more
     */
    public record Broker(Double gcMsPerS, Double oldGenAfterGcBytes, Double oldGenMaxBytes, Double logBytes,
                         Double pageCacheBytes, Double writeBps, Double diskReadBps, Double diskWriteCeilingBps,
                         Double residencyS, Integer segmentsRolled, Integer segmentsDeleted, Integer longGcSeconds) {

        /** Pause time in one second from which a collection is a long one, worth a mark on the report. */
        public static final double LONG_GC_MS_PER_S = 100;
    }
}
