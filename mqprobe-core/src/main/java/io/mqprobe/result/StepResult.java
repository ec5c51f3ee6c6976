package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mqprobe.api.monitor.CpuAccount;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryReport;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.stats.LatencySummary;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One measured load step as stored in {@code scenarios[].steps[]} (see docs/result-schema.md).
 *
 * @param clientMetrics  the producer clients' own averages over their life (batch size, records per request,
 *                       compression ratio; the driver's metric names), averaged over the clients; empty when none
 * @param throughput     records/s of the seconds the load was sending, with the 95 % interval by batch means;
 *                       {@code null} in documents written before intervals
 * @param p99PerSecondUs the p99 of each of those seconds, with its interval; {@code null} likewise
 * @param unstable       why the step's interval stayed wider than its target (it ran its longest), else {@code null}
 * @param settle         the wait for a settled cluster before the step, or {@code null} when the step did not wait
 * @param compiling      the JVM that still compiled above a warm JVM's rate while the step was measured ("broker-2
 *                       compiling 340 ms/s": its figures are a cold JVM's), else {@code null}
 */
public record StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                         long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                         Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                         LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed,
                         List<ResourceUsage> resources, Map<String, Double> clientMetrics, Estimate throughput,
                         Estimate p99PerSecondUs, String unstable, Settle settle, String compiling) {

    /** The producers' records per request, a key of {@link #clientMetrics()} (Kafka's own metric's name). */
    public static final String RECORDS_PER_REQUEST = "records-per-request-avg";

    public StepResult {
        // documents written before client metrics were recorded have none
        clientMetrics = clientMetrics == null ? Map.of() : Map.copyOf(clientMetrics);
    }

    /** A step whose JVMs' compilation was not judged (documents and tests from before that). */
    public StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                      long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                      Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                      LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed,
                      List<ResourceUsage> resources, Map<String, Double> clientMetrics, Estimate throughput,
                      Estimate p99PerSecondUs, String unstable, Settle settle) {
        this(index, clients, targetRecordsPerSecond, startedAt, warmupMs, measuredMs, records, bytes, recordsPerSecond,
                bytesPerSecond, errors, latencyUs, serviceLatencyUs, sendDelayUs, e2eLatencyUs, consumed, resources,
                clientMetrics, throughput, p99PerSecondUs, unstable, settle, null);
    }

    /** A step without intervals or settling (documents and tests from before them). */
    public StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                      long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                      Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                      LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed,
                      List<ResourceUsage> resources, Map<String, Double> clientMetrics) {
        this(index, clients, targetRecordsPerSecond, startedAt, warmupMs, measuredMs, records, bytes, recordsPerSecond,
                bytesPerSecond, errors, latencyUs, serviceLatencyUs, sendDelayUs, e2eLatencyUs, consumed, resources,
                clientMetrics, null, null, null, null);
    }

    /**
     * The wait for a settled cluster before a step (see SettleSpec).
     *
     * @param waitedMs               how long the step waited
     * @param settled                false when the wait hit its bound
     * @param unsettled              what was still unsettled when the bound was hit, else {@code null}
     * @param underReplicatedAtStart partitions of the step's topics under-replicated when the step started: a
     *                               step is failed by replication only when that grows during it
     * @param atFirstLook            what was unsettled when the wait began ("" when nothing was)
     * @param recreatedTopics        topics deleted and created again, with their followers' backlog, instead of waited for
     */
    public record Settle(long waitedMs, boolean settled, String unsettled, int underReplicatedAtStart, String atFirstLook,
                         List<String> recreatedTopics) {
        public Settle {
            recreatedTopics = recreatedTopics == null ? List.of() : List.copyOf(recreatedTopics);
        }
    }

    /** A step without the client's own metrics (consume-only steps, tests). */
    public StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                      long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                      Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                      LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed, List<ResourceUsage> resources) {
        this(index, clients, targetRecordsPerSecond, startedAt, warmupMs, measuredMs, records, bytes, recordsPerSecond,
                bytesPerSecond, errors, latencyUs, serviceLatencyUs, sendDelayUs, e2eLatencyUs, consumed, resources, Map.of());
    }

    /** What the consumers saw during the step; {@code null} when nothing consumed. */
    /**
     * What the consumers of a step saw.
     *
     * @param unread             missing messages in partitions the consumers did not read to the end: not loss
     * @param consumerFailure    why a consumer failed, or {@code null}; then nothing counts as lost
     * @param clockAheadMessages messages stamped later than they arrived: the producer's clock runs ahead of
     *                           the consumer's, so their end-to-end latency is unknown (not clamped to 0)
     * @param maxClockAheadUs    the largest such offset
     */
    public record Consumed(long records, double bytesPerSecond, long lost, long duplicates, long outOfOrder,
                           boolean lossCheckedAgainstAcks, long unread, String consumerFailure,
                           long clockAheadMessages, long maxClockAheadUs, Backlog backlog) {

        /** What consumers saw in a step that built no backlog. */
        public Consumed(long records, double bytesPerSecond, long lost, long duplicates, long outOfOrder,
                        boolean lossCheckedAgainstAcks, long unread, String consumerFailure, long clockAheadMessages,
                        long maxClockAheadUs) {
            this(records, bytesPerSecond, lost, duplicates, outOfOrder, lossCheckedAgainstAcks, unread, consumerFailure,
                    clockAheadMessages, maxClockAheadUs, null);
        }

        public static Consumed of(WindowTotals window, DeliveryReport delivery, ConsumeStats.ClockAhead clockAhead,
                                  Backlog backlog) {
            return new Consumed(window.consumedRecords(), window.consumedBytes() / window.consumedSeconds(),
                    delivery == null ? 0 : delivery.lost(), delivery == null ? 0 : delivery.duplicates(),
                    delivery == null ? 0 : delivery.outOfOrder(), delivery != null && delivery.checkedAgainstAcks(),
                    delivery == null ? 0 : delivery.unread(), delivery == null ? null : delivery.consumerFailure(),
                    clockAhead.messages(), clockAhead.maxAheadUs(), backlog);
        }
    }

    /**
     * A backlog built with the consumers paused, then drained (see {@code BacklogSpec}).
     *
     * @param peakRecords   the most records some subscription owed at once
     * @param builtAfterMs  from the consumers' pause to the backlog's size, or {@code null} when it was never reached
     * @param drainedAfterMs from the consumers' resumption to the drained level, or {@code null} when never reached
     * @param unfinished    why the backlog was not built and drained, or {@code null} when it was
     */
    public record Backlog(long targetBytes, long peakRecords, Long builtAfterMs, Long drainedAfterMs, String unfinished) {
    }

    public static StepResult of(int index, int clients, double targetRecordsPerSecond, long startedEpochMs,
                                long warmupMs, WindowTotals window, Consumed consumed, List<ResourceUsage> resources,
                                Map<String, Double> clientMetrics, String unstable, Settle settle, String compiling) {
        return new StepResult(index, clients, targetRecordsPerSecond > 0 ? targetRecordsPerSecond : null,
                Instant.ofEpochMilli(startedEpochMs).toString(), warmupMs, window.toEpochMs() - window.fromEpochMs(),
                window.records(), window.bytes(), window.recordsPerSecond(), window.bytesPerSecond(), window.errors(),
                window.latencyUs(), window.serviceLatencyUs(), window.sendDelayUs(), window.e2eLatencyUs(), consumed,
                List.copyOf(resources), clientMetrics, window.throughput(), window.p99PerSecondUs(), unstable, settle, compiling);
    }

    /**
     * Where the host's busy cores went over the step, from its readings (written to result.json as {@code cpuAccount}),
     * or {@code null} when the host's processes were not sampled.
     */
    @JsonProperty("cpuAccount")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public CpuAccount cpuAccount() {
        return resources == null ? null : CpuAccount.of(resources).orElse(null);
    }

    /** The step's throughput with its interval: around the window's rate; exact when the document has no interval. */
    public Estimate throughputInterval() {
        return throughput == null ? Estimate.exact(recordsPerSecond) : throughput.scaledTo(recordsPerSecond);
    }
}
