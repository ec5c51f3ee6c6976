package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.stats.SendStats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running producer load: {@code clients} independent producer instances, each driven by
 * {@code threadsPerClient} {@link SendStream}s. Starts on construction, stops by itself when the
 * spec's record count or duration is reached.
 */
public final class ProducerLoad implements RunningProducers {

    private static final int ASYNC_IN_FLIGHT_SLOTS = 1 << 16;
    private static final long PAYLOAD_SEED = 0x6d7170726f6265L;

    private final SendStats stats = new SendStats();
    private final List<MessageProducer> producers = new ArrayList<>();
    private final List<SendStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final NanoClock clock;
    private final ProducerLoadSpec spec;
    private final int runId;
    private boolean closed;

    private ProducerLoad(NanoClock clock, ProducerLoadSpec spec, int runId) {
        this.clock = clock;
        this.spec = spec;
        this.runId = runId;
    }

    /**
     * Creates the producers and starts sending.
     *
     * @param runId distinguishes this load's streams from any other load writing the same topic
     */
    public static ProducerLoad start(Driver driver, ProducerLoadSpec spec, NanoClock clock, int runId) {
        ProducerLoad load = prepare(driver, spec, clock, runId);
        load.begin();
        return load;
    }

    /** Creates the producers and waits for their topics' metadata; {@link #begin} starts the schedule. */
    public static ProducerLoad prepare(Driver driver, ProducerLoadSpec spec, NanoClock clock, int runId) {
        ProducerLoad load = new ProducerLoad(clock, spec, runId);
        try {
            load.createClients(driver);
        } catch (RuntimeException e) {
            load.close();
            throw e;
        }
        return load;
    }

    private void createClients(Driver driver) {
        for (int c = 0; c < spec.clients(); c++) {
            producers.add(driver.newProducer(ClientSettings.producer(
                    "mqprobe-" + Integer.toHexString(runId) + "-" + c, spec.producerProperties())));
        }
        // constructing a client and its first metadata fetch take long (hundreds of ms with many clients):
        // the schedule starts once they are done, or that one-time cost would land in the first messages' latency
        for (MessageProducer producer : producers) {
            for (String topic : spec.destinations()) {
                producer.awaitMetadata(topic);
            }
        }
    }

    /** Starts every sender on its schedule, from now. */
    @Override
    public void begin() {
        if (!threads.isEmpty()) {
            throw new IllegalStateException("the load has begun already");
        }
        PayloadPool payload = PayloadPool.build(spec.payload(), spec.recordSizeBytes(), PAYLOAD_SEED);
        int streamCount = spec.streams();
        double intervalNs = spec.paced() ? 1e9 * streamCount / spec.targetRecordsPerSecond() : 0;
        long startNs = clock.nanoTime();
        long endNs = startNs + spec.duration().toNanos();
        long maxRecords = spec.maxRecords() > 0 ? spec.maxRecords() : Long.MAX_VALUE;
        int slots = spec.sync() ? 1 : ASYNC_IN_FLIGHT_SLOTS;
        List<String> topics = spec.destinations();
        for (int c = 0; c < spec.clients(); c++) {
            for (int t = 0; t < spec.threadsPerClient(); t++) {
                int index = c * spec.threadsPerClient() + t;
                // streams start staggered across one interval so a paced load is smooth, not bursty
                SendStream.Schedule schedule = new SendStream.Schedule(
                        startNs + (long) (index * intervalNs / streamCount), intervalNs, endNs);
                long share = maxRecords == Long.MAX_VALUE ? maxRecords
                        : maxRecords / streamCount + (index < maxRecords % streamCount ? 1 : 0);
                long streamId = ((long) runId << 32) | index;
                streams.add(new SendStream(streamId, producers.get(c), topics.get(index % topics.size()), spec.keys(), payload, clock, stats, schedule,
                        share, slots, spec.trackAcks()));
            }
        }
        stats.oldestInFlight(() -> {
            long nowNs = clock.nanoTime();
            return streams.stream().mapToLong(s -> s.oldestInFlightUs(nowNs)).max().orElse(0);
        });
        stats.onStarted(clock.epochMicros());
        for (int i = 0; i < streams.size(); i++) {
            Thread thread = new Thread(streams.get(i), "mqprobe-send-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    public SendStats stats() {
        return stats;
    }

    @Override
    public SendStats.Snapshot snapshot(long epochMs) {
        return stats.snapshot(epochMs);
    }

    @Override
    public int clients() {
        return producers.size();
    }

    @Override
    public long sent() {
        return stats.sent();
    }

    @Override
    public long completed() {
        return stats.completed();
    }

    @Override
    public long acked() {
        return stats.acked();
    }

    /**
     * The producers' own latency figures ({@link MessageProducer#clientMetrics()}), each averaged over the
     * producers that report it; read before {@link #finish} closes them.
     */
    @Override
    public Map<String, Double> clientMetrics() {
        ClientFigures figures = new ClientFigures();
        for (MessageProducer p : producers) {
            try {
                figures.add(p.clientMetrics(), 1);
            } catch (RuntimeException e) {
                // a closed or failed client has no figures; the others still count
            }
        }
        return figures.means();
    }

    @Override
    public boolean sendingDone() {
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** Asks every sender to stop after its current message. */
    @Override
    public void stop() {
        streams.forEach(SendStream::requestStop);
    }

    /**
     * Stops sending (if still going), waits up to {@code drainTimeout} for in-flight messages to be
     * acknowledged or fail, then closes the producers. Returns how many were still in flight.
     */
    @Override
    public long finish(Duration drainTimeout) {
        stop();
        // real time, not the injected clock: draining waits on the client, not on the schedule
        long deadlineNs = System.nanoTime() + drainTimeout.toNanos();
        for (Thread t : threads) {
            joinUntil(t, deadlineNs);
        }
        while (stats.completed() < stats.sent() && System.nanoTime() < deadlineNs) {
            sleepQuietly(5);
        }
        long inFlight = stats.sent() - stats.completed();
        close();
        return inFlight;
    }

    /** Acknowledged sequence numbers by stream id; meaningful after {@link #finish}. */
    @Override
    public Map<Long, BitSet> ackedSequences() {
        Map<Long, BitSet> acked = new LinkedHashMap<>();
        for (SendStream s : streams) {
            if (s.ackedSequences() != null) {
                acked.put(s.streamId(), s.ackedSequences());
            }
        }
        return acked;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop();
        threads.forEach(Thread::interrupt);
        for (MessageProducer p : producers) {
            try {
                p.close();
            } catch (RuntimeException e) {
                // closing is best effort; the run's figures are already taken
            }
        }
    }

    private void joinUntil(Thread t, long deadlineNs) {
        long remainingMs = (deadlineNs - System.nanoTime()) / 1_000_000;
        try {
            t.join(Math.max(1, remainingMs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
