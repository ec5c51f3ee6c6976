package io.mqprobe.workers;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.Target;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.ResultJson;
import io.mqprobe.stats.HistogramCodec;
import io.mqprobe.stats.SendStats;

import java.util.Base64;
import java.util.BitSet;
import java.util.LinkedHashMap;
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
