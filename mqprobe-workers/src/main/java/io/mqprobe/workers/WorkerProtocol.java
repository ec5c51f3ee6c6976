package io.mqprobe.workers;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.Target;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.consume.RunningConsumers;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.ResultJson;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryChecker;
import io.mqprobe.stats.HistogramCodec;
import io.mqprobe.stats.SendStats;

import java.util.Base64;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The control channel between a coordinator and its workers: JSON over HTTP, every request carrying the shared
 * token. Workers join the coordinator ({@link #JOIN}); the coordinator then drives each worker's producers. Nothing
 * of it travels through the cluster under test.
 */
final class WorkerProtocol {

    static final String VERSION = "v1";
    static final String TOKEN_HEADER = "X-Mqprobe-Token";
    static final ObjectMapper JSON = ResultJson.MAPPER;

    /** Coordinator: a worker announces itself ({@link Join}). */
    static final String JOIN = "/" + VERSION + "/join";
    /** Worker: its wall clock now ({@link Clock}), for the coordinator's offset measurement. */
    static final String CLOCK = "/" + VERSION + "/clock";
    /** Coordinator: a worker checks its coordinator is still there. */
    static final String HEALTH = "/" + VERSION + "/health";
    /**
     * Worker: prepare producers ({@link Start}); then {@code POST /ID/begin}, {@code GET /ID/snapshot?epochMs=}, {@code GET /ID/metrics},
     * {@code POST /ID/stop}, {@code POST /ID/finish?drainMs=} and {@code POST /ID/close}.
     */
    static final String PRODUCERS = "/" + VERSION + "/producers";
    /**
     * Worker: prepare consumers ({@link StartConsumers}); then {@code POST /ID/begin}, {@code GET /ID/snapshot?epochMs=},
     * {@code POST /ID/pause?paused=}, {@code POST /ID/finish} and {@code POST /ID/close}.
     */
    static final String CONSUMERS = "/" + VERSION + "/consumers";

    private WorkerProtocol() {
    }

    /** A worker's announcement: its name and where its control server listens. */
    record Join(String name, String url) {
    }

    /**
     * The coordinator's order: connect to {@code target} (its client properties may hold secrets: the channel is the
     * only place they go) and run {@code share} as run {@code runId}, stamping send times in the coordinator's clock:
     * the worker's own less {@code clockOffsetUs}, the offset the coordinator measured.
     */
    record Start(Target target, ProducerLoadSpec share, int runId, long clockOffsetUs) {
    }

    /**
     * The coordinator's order for a consume share: connect to {@code target} and run {@code share}, reading end-to-end
     * latency in the coordinator's clock (the worker's own less {@code clockOffsetUs}).
     */
    record StartConsumers(Target target, ConsumerLoadSpec share, long clockOffsetUs) {
    }

    /** A consume share's second: counters, that second's end-to-end histogram (compressed), and the process's CPU. */
    record ConsumerSnapshot(long epochMs, long records, long bytes, String endToEnd, boolean done, long unstamped,
                            long clockAheadMessages, long clockAheadMaxUs, long cpuNanos, int cores) {

        static ConsumerSnapshot of(RunningConsumers consumers, long epochMs, long cpuNanos, int cores) {
            ConsumeStats.Snapshot s = consumers.snapshot(epochMs);
            ConsumeStats.ClockAhead ahead = consumers.clockAhead();
            return new ConsumerSnapshot(s.epochMs(), s.records(), s.bytes(), HistogramCodec.encode(s.endToEnd()),
                    consumers.done(), consumers.unstamped(), ahead.messages(), ahead.maxAheadUs(), cpuNanos, cores);
        }

        ConsumeStats.Snapshot stats() {
            return new ConsumeStats.Snapshot(epochMs, records, bytes, HistogramCodec.decode(endToEnd));
        }
    }

    /** What a consume share read, for the coordinator's delivery check: every thread's bookkeeping, by group. */
    record ConsumersFinished(List<List<DeliveryChecker.State>> checkersByGroup, List<String> failures) {

        static ConsumersFinished of(RunningConsumers.Finished finished) {
            return new ConsumersFinished(finished.checkersByGroup().stream()
                    .map(group -> group.stream().map(DeliveryChecker::state).toList()).toList(), finished.failures());
        }

        RunningConsumers.Finished restored() {
            return new RunningConsumers.Finished(checkersByGroup.stream()
                    .map(group -> group.stream().map(DeliveryChecker::restore).toList()).toList(), failures);
        }
    }

    /** A worker's wall clock, in microseconds since the epoch. */
    record Clock(long epochMicros) {
    }

    /** The worker's answer to {@link Start}. */
    record Started(String id) {
    }

    /**
     * A per-second snapshot on the wire: counters as they are, histograms in HdrHistogram's compressed encoding, and
     * the worker process's own CPU time and cores (what the coordinator judges it by, as it judges itself).
     */
    record Snapshot(long epochMs, long sent, long acked, long ackedBytes, long failed, Map<String, Long> errorsByType,
                    String corrected, String service, String sendDelay, long unsent, long startedEpochMs,
                    long lastAckEpochMs, long oldestInFlightUs, long completed, boolean sendingDone,
                    long cpuNanos, int cores) {

        static Snapshot of(SendStats.Snapshot s, long completed, boolean sendingDone, long cpuNanos, int cores) {
            return new Snapshot(s.epochMs(), s.sent(), s.acked(), s.ackedBytes(), s.failed(), s.errorsByType(),
                    HistogramCodec.encode(s.corrected()), HistogramCodec.encode(s.service()), HistogramCodec.encode(s.sendDelay()),
                    s.unsent(), s.startedEpochMs(), s.lastAckEpochMs(), s.oldestInFlightUs(), completed, sendingDone,
                    cpuNanos, cores);
        }

        SendStats.Snapshot stats() {
            return new SendStats.Snapshot(epochMs, sent, acked, ackedBytes, failed, errorsByType,
                    HistogramCodec.decode(corrected), HistogramCodec.decode(service), HistogramCodec.decode(sendDelay),
                    unsent, startedEpochMs, lastAckEpochMs, oldestInFlightUs);
        }
    }

    /** What a worker's producers left at the end: sends still in flight and the acknowledged sequences by stream. */
    record Finished(long inFlight, Map<String, String> ackedByStream) {

        static Finished of(long inFlight, Map<Long, BitSet> acked) {
            Map<String, String> encoded = new LinkedHashMap<>();
            acked.forEach((stream, bits) -> encoded.put(Long.toString(stream), Base64.getEncoder().encodeToString(bits.toByteArray())));
            return new Finished(inFlight, encoded);
        }

        Map<Long, BitSet> acked() {
            Map<Long, BitSet> decoded = new LinkedHashMap<>();
            ackedByStream.forEach((stream, bits) -> decoded.put(Long.parseLong(stream), BitSet.valueOf(Base64.getDecoder().decode(bits))));
            return decoded;
        }
    }
}
