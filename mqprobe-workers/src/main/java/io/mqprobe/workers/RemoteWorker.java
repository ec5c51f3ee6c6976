package io.mqprobe.workers;

import io.mqprobe.api.Target;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.load.LoadWorker;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.consume.RunningConsumers;
import io.mqprobe.load.RunningProducers;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A worker that joined the coordinator, driven over its control server: the step runner sees its producers like
 * in-process ones. A worker that stops answering a snapshot fails the step with {@link WorkerLostException} (the
 * result keeps what was measured before), or, with {@link WorkerLoss#CONTINUE}, is marked lost: its share reports no
 * more seconds, and later steps leave it out. Other calls at the end are best effort.
 */
final class RemoteWorker implements LoadWorker {

    private final String name;
    private final URI url;
    private final ControlHttp http;
    private final Target target;
    private final WorkerLoss onLoss;
    private final Consumer<String> notice;
    private volatile ClockOffset clock;
    private volatile String lost;
    static final int CLOCK_SAMPLES = 8;

    RemoteWorker(String name, URI url, ControlHttp http, Target target, WorkerLoss onLoss, Consumer<String> notice) {
        this.name = name;
        this.url = url;
        this.http = http;
        this.target = target;
        this.onLoss = onLoss;
        this.notice = notice;
    }

    /** False once the worker was lost (with {@link WorkerLoss#CONTINUE}): later steps leave it out. */
    @Override
    public boolean available() {
        return lost == null;
    }

    @Override
    public String name() {
        return name + " (" + url.getHost() + ":" + url.getPort() + ")";
    }

    /**
     * This worker's wall clock against the coordinator's, NTP-style: of {@link #CLOCK_SAMPLES} round trips over the
     * control channel the shortest, its offset taken at the round trip's middle and half the round trip as its
     * uncertainty. The worker stamps its messages less this offset, so end-to-end latency read on the coordinator is
     * right within the uncertainty.
     */
    ClockOffset measureClock() throws IOException {
        // a first call warms both ends (a cold worker answers its first calls late, and one-sided lateness reads as offset)
        http.call("GET", url.resolve(WorkerProtocol.CLOCK), null, WorkerProtocol.Clock.class, ControlHttp.CALL_TIMEOUT);
        ClockOffset best = null;
        for (int i = 0; i < CLOCK_SAMPLES; i++) {
            long sentUs = io.mqprobe.stamp.NanoClock.SYSTEM.epochMicros();
            WorkerProtocol.Clock worker = http.call("GET", url.resolve(WorkerProtocol.CLOCK), null, WorkerProtocol.Clock.class,
                    ControlHttp.CALL_TIMEOUT);
            long receivedUs = io.mqprobe.stamp.NanoClock.SYSTEM.epochMicros();
            ClockOffset sample = new ClockOffset(worker.epochMicros() - (sentUs + receivedUs) / 2, (receivedUs - sentUs + 1) / 2);
            if (best == null || sample.uncertaintyUs() < best.uncertaintyUs()) {
                best = sample;
            }
        }
        clock = best;
        return best;
    }

    /**
     * The offset this worker's stamps (and end-to-end readings) are corrected by, measured again before every step as
     * clocks drift: the offset when it is larger than its own uncertainty by more than a millisecond, else none (a
     * correction within the measurement's noise would only add that noise).
     */
    private long stampCorrectionUs() throws IOException {
        ClockOffset measured = measureClock();
        return measured.matters() ? measured.offsetUs() : 0;
    }

    /** The last measured offset, or {@code null} before {@link #measureClock}. */
    ClockOffset clockOffset() {
        return clock;
    }

    @Override
    public String describe() {
        return clock == null ? name() : name() + " clock " + clock + (clock.matters() ? " (corrected)" : "");
    }

    @Override
    public RunningProducers startProducers(ProducerLoadSpec share, int runId) {
        String id = start(WorkerProtocol.PRODUCERS, offsetUs -> new WorkerProtocol.Start(target, share, runId, offsetUs),
                "producers");
        return new Producers(id, share.clients());
    }

    @Override
    public RunningConsumers startConsumers(ConsumerLoadSpec share) {
        String id = start(WorkerProtocol.CONSUMERS, offsetUs -> new WorkerProtocol.StartConsumers(target, share, offsetUs),
                "consumers");
        return new Consumers(id, share.groups());
    }

    /** Orders a share at {@code path}, its order made with this step's clock correction; the share's id. */
    private String start(String path, java.util.function.LongFunction<Object> order, String what) {
        if (lost != null) {
            throw new IllegalStateException("load worker " + name() + " was lost: " + lost);
        }
        try {
            return http.call("POST", url.resolve(path), order.apply(stampCorrectionUs()), WorkerProtocol.Started.class,
                    ControlHttp.CALL_TIMEOUT.multipliedBy(6)).id();
        } catch (ControlHttp.Refused e) {
            throw new IllegalStateException("load worker " + name() + " refused the step's " + what + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new WorkerLostException(name(), "starting " + what, e);
        }
    }

    /** What a producer and a consumer share in the worker have alike: its address, its beginning, its loss, its close. */
    private abstract class Share implements AutoCloseable {
        final URI base;
        /** The worker's seconds as this share's snapshots told them: its own figures over a step's window. */
        final WorkerSeconds seconds = new WorkerSeconds(Sources.worker(name));
        private boolean closed;

        Share(String path, String id) {
            this.base = url.resolve(path + "/" + id + "/");
        }

        /** What the worker's own process used and did over the window (its producers' or its consumers' share). */
        public List<ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
            return seconds.usage(fromEpochMs, toEpochMs);
        }

        void begin(String doing) {
            try {
                http.call("POST", base.resolve("begin"), null, Void.class, ControlHttp.CALL_TIMEOUT);
            } catch (IOException e) {
                throw new WorkerLostException(name(), doing, e);
            }
        }

        /**
         * The worker did not report its second: the run stops ({@code --on-worker-loss stop}) or goes on without it,
         * said once, its {@code share} missing from the figures from then on.
         */
        void lostWhileReporting(IOException e, String share) {
            WorkerLostException loss = new WorkerLostException(name(), "reporting its second", e);
            if (onLoss == WorkerLoss.STOP) {
                throw loss;
            }
            lost = WorkerLostException.reason(e);
            notice.accept(loss.getMessage() + "; going on without it (--on-worker-loss continue): its " + share
                    + " is missing from the figures from here on");
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (lost != null) {
                return;
            }
            try {
                http.call("POST", base.resolve("close"), null, Void.class, ControlHttp.CALL_TIMEOUT);
            } catch (IOException e) {
                // best effort: the worker closes shares nobody asks about by itself
            }
        }
    }

    /** A consume share in the worker: its seconds and, at the end, every thread's sequence bookkeeping. */
    private final class Consumers extends Share implements RunningConsumers {
        private final int groups;
        private volatile WorkerProtocol.ConsumerSnapshot last;

        Consumers(String id, int groups) {
            super(WorkerProtocol.CONSUMERS, id);
            this.groups = groups;
        }

        @Override
        public void begin() {
            begin("beginning its consumers");
        }

        @Override
        public ConsumeStats.Snapshot snapshot(long epochMs) {
            if (lost == null) {
                try {
                    last = http.call("GET", base.resolve("snapshot?epochMs=" + epochMs), null,
                            WorkerProtocol.ConsumerSnapshot.class, ControlHttp.CALL_TIMEOUT);
                    seconds.add(last);
                    return last.stats();
                } catch (IOException e) {
                    lostWhileReporting(e, "consumers' share");
                }
            }
            // a lost worker's second: its count as last reported, nothing in its histogram
            return new ConsumeStats.Snapshot(epochMs, records(), last == null ? 0 : last.bytes(), LatencyHistograms.newHistogram());
        }

        @Override
        public long records() {
            return last == null ? 0 : last.records();
        }

        @Override
        public boolean done() {
            return lost != null || (last != null && last.done());
        }

        @Override
        public void pause(boolean paused) {
            if (lost != null) {
                return;
            }
            try {
                http.call("POST", base.resolve("pause?paused=" + paused), null, Void.class, ControlHttp.CALL_TIMEOUT);
            } catch (IOException e) {
                // the next second's snapshot finds out whether the worker is gone
            }
        }

        /** A lost worker's reading is unknown: its groups get no checkers, and its failure keeps losses from being counted. */
        @Override
        public Finished finish() {
            if (lost != null) {
                return new Finished(java.util.Collections.nCopies(groups, List.of()), List.of("load worker " + name()
                        + " was lost: " + lost));
            }
            try {
                return http.call("POST", base.resolve("finish"), null, WorkerProtocol.ConsumersFinished.class,
                        ControlHttp.CALL_TIMEOUT.multipliedBy(4)).restored();
            } catch (IOException e) {
                throw new WorkerLostException(name(), "finishing its consumers", e);
            }
        }

        @Override
        public ConsumeStats.ClockAhead clockAhead() {
            return last == null ? new ConsumeStats.ClockAhead(0, 0)
                    : new ConsumeStats.ClockAhead(last.clockAheadMessages(), last.clockAheadMaxUs());
        }

        @Override
        public long unstamped() {
            return last == null ? 0 : last.unstamped();
        }
    }

    private final class Producers extends Share implements RunningProducers {
        private final int clients;
        private volatile WorkerProtocol.Snapshot last;
        private Map<Long, BitSet> acked = Map.of();

        Producers(String id, int clients) {
            super(WorkerProtocol.PRODUCERS, id);
            this.clients = clients;
        }

        @Override
        public void begin() {
            begin("beginning its share");
        }

        @Override
        public SendStats.Snapshot snapshot(long epochMs) {
            if (lost != null) {
                return frozen(epochMs);
            }
            try {
                last = http.call("GET", base.resolve("snapshot?epochMs=" + epochMs), null, WorkerProtocol.Snapshot.class,
                        ControlHttp.CALL_TIMEOUT);
            } catch (IOException e) {
                lostWhileReporting(e, "share");
                return frozen(epochMs);
            }
            SendStats.Snapshot stats = last.stats();
            seconds.add(last, stats.sendDelay());
            return stats;
        }

        /** A lost worker's second: its counters as last reported (none before its first), nothing in its histograms. */
        private SendStats.Snapshot frozen(long epochMs) {
            WorkerProtocol.Snapshot at = last;
            if (at == null) {
                return new SendStats.Snapshot(epochMs, 0, 0, 0, 0, Map.of(), LatencyHistograms.newHistogram(),
                        LatencyHistograms.newHistogram(), LatencyHistograms.newHistogram(), 0, 0, 0, 0);
            }
            return new SendStats.Snapshot(epochMs, at.sent(), at.acked(), at.ackedBytes(), at.failed(), at.errorsByType(),
                    LatencyHistograms.newHistogram(), LatencyHistograms.newHistogram(), LatencyHistograms.newHistogram(),
                    at.unsent(), at.startedEpochMs(), at.lastAckEpochMs(), 0);
        }

        @Override
        public int clients() {
            return clients;
        }

        // counters as of the latest snapshot, at most a tick old: the drain check runs right after each tick
        @Override
        public long sent() {
            return last == null ? 0 : last.sent();
        }

        @Override
        public long completed() {
            // a lost worker's sends in flight will never be reported: the drain does not wait for them
            return last == null ? 0 : lost != null ? last.sent() : last.completed();
        }

        @Override
        public long acked() {
            return last == null ? 0 : last.acked();
        }

        @Override
        public boolean sendingDone() {
            return lost != null || (last != null && last.sendingDone());
        }

        @Override
        public Map<String, Double> clientMetrics() {
            if (lost != null) {
                return Map.of();
            }
            try {
                Map<?, ?> figures = http.call("GET", base.resolve("metrics"), null, Map.class, ControlHttp.CALL_TIMEOUT);
                // whole figures travel as integers: read every one back as a double
                Map<String, Double> metrics = new java.util.LinkedHashMap<>();
                figures.forEach((k, v) -> metrics.put(k.toString(), ((Number) v).doubleValue()));
                return metrics;
            } catch (IOException e) {
                return Map.of();   // figures of the clients only: the step's own measurement does not need them
            }
        }

        @Override
        public void stop() {
            if (lost != null) {
                return;
            }
            try {
                http.call("POST", base.resolve("stop"), null, Void.class, ControlHttp.CALL_TIMEOUT);
            } catch (IOException e) {
                // a worker that cannot be told to stop stops by itself once nobody asks for its snapshots
            }
        }

        @Override
        public long finish(Duration drainTimeout) {
            if (lost != null) {
                return last == null ? 0 : last.sent() - last.completed();   // their outcome is unknown
            }
            try {
                WorkerProtocol.Finished finished = http.call("POST", base.resolve("finish?drainMs=" + drainTimeout.toMillis()), null,
                        WorkerProtocol.Finished.class, ControlHttp.CALL_TIMEOUT.plus(drainTimeout));
                acked = finished.acked();
                return finished.inFlight();
            } catch (IOException e) {
                throw new WorkerLostException(name(), "finishing its share", e);
            }
        }

        @Override
        public Map<Long, BitSet> ackedSequences() {
            return acked;
        }
    }
}
