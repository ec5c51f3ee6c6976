package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import io.mqprobe.stats.SendStats;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * One sender thread: a sequence of stamped messages sent open-loop on a fixed schedule. Latency is
 * measured from the intended send time, so a stalled send delays every message scheduled behind it
 * and shows up in the corrected percentiles (no coordinated omission).
 *
 * <p>The actual send time of each in-flight message waits in a slot of a ring indexed by sequence; a
 * slot is reused only after its completion freed it, which also bounds the messages in flight (one in
 * sync mode).
 */
final class SendStream implements Runnable, SendCallback {

    private static final long FREE = Long.MIN_VALUE;
    private static final long WAIT_SLICE_NS = 1_000_000;
    /**
     * At most one wake-up per slice: messages falling due within a millisecond of the last wake-up go out
     * together at the next one. A park and its wake-up cost several microseconds of CPU (and the kernel's
     * timer slack makes sub-100 µs parks imprecise anyway), which at tens of thousands of messages per
     * second cost more than the send itself. Messages are never sent early, only up to a slice late, and
     * that lateness is in the send delay and the corrected latency like any other.
     */
    static final long PACING_SLICE_NS = 1_000_000;

    private final long streamId;
    private final MessageProducer producer;
    private final String topic;
    private final KeyDistributor keys;
    private final PayloadPool payload;
    private final byte[] body;
    private final NanoClock clock;
    private final SendStats stats;
    private final Schedule schedule;
    private final long maxRecords;
    private final AtomicLongArray sendNsBySlot;
    private final int slotMask;
    private final BitSet acked;
    private volatile boolean stopRequested;
    private volatile Thread waiter;

    /**
     * @param inFlightSlots power of two; 1 for synchronous sending
     * @param trackAcks     remember every acknowledged sequence for the loss check
     */
    SendStream(long streamId, MessageProducer producer, String topic, PayloadPool payload, NanoClock clock,
               SendStats stats, Schedule schedule, long maxRecords, int inFlightSlots, boolean trackAcks) {
        this(streamId, producer, topic, KeyDistributor.NO_KEY, payload, clock, stats, schedule, maxRecords, inFlightSlots, trackAcks);
    }

    /** @param keys which key each message carries */
    SendStream(long streamId, MessageProducer producer, String topic, KeyDistributor keys, PayloadPool payload, NanoClock clock,
               SendStats stats, Schedule schedule, long maxRecords, int inFlightSlots, boolean trackAcks) {
        if (Integer.bitCount(inFlightSlots) != 1) {
            throw new IllegalArgumentException("inFlightSlots must be a power of two: " + inFlightSlots);
        }
        this.streamId = streamId;
        this.producer = producer;
        this.topic = topic;
        this.keys = keys;
        this.payload = payload;
        this.body = new byte[payload.recordSizeBytes()];
        this.clock = clock;
        this.stats = stats;
        this.schedule = schedule;
        this.maxRecords = maxRecords;
        this.sendNsBySlot = new AtomicLongArray(inFlightSlots);
        for (int i = 0; i < inFlightSlots; i++) {
            sendNsBySlot.set(i, FREE);
        }
        this.slotMask = inFlightSlots - 1;
        this.acked = trackAcks ? new BitSet() : null;
    }

    @Override
    public void run() {
        long next = sendAll();
        if (schedule.paced()) {
            recordUnsent(next);
        }
    }

    /** Sends until done, stopped or out of time; returns the first sequence not sent. */
    private long sendAll() {
        long seq = 0;
        long lastWakeNs = Long.MIN_VALUE / 2;
        for (; seq < maxRecords && !stopRequested; seq++) {
            long intendedNs = 0;
            if (schedule.paced()) {
                intendedNs = schedule.intendedNs(seq);
                if (intendedNs >= schedule.endNs()) {
                    return seq;
                }
                if (intendedNs > clock.nanoTime()) {
                    long wakeNs = Math.max(intendedNs, lastWakeNs + PACING_SLICE_NS);
                    clock.parkUntil(Math.min(wakeNs, schedule.endNs() - 1));
                    lastWakeNs = clock.nanoTime();
                }
            }
            int slot = (int) (seq & slotMask);
            if (!awaitFree(slot)) {
                return seq;
            }
            long actualNs = clock.nanoTime();
            if (actualNs >= schedule.endNs()) {
                // the run's duration bounds it even when a saturated client falls behind its schedule;
                // how far behind it was shows in the send delay and the corrected latencies
                return seq;
            }
            if (!schedule.paced()) {
                intendedNs = actualNs; // unthrottled: no schedule to be late against
            }
            sendNsBySlot.set(slot, actualNs);
            long intendedEpochMicros = clock.epochMicrosAt(intendedNs);
            payload.fill(body, seq);
            MessageStamp.write(body, streamId, seq, intendedEpochMicros);
            stats.onSent((actualNs - intendedNs) / 1000);
            byte[] key = keys.key(seq);
            if (key == null) {
                producer.send(topic, body, seq, this);
            } else {
                producer.send(topic, key, body, seq, this);
            }
        }
        return seq;
    }

    /**
     * Messages that fell due before the stream ended (the end of the run, or a stop) but were never sent
     * waited at least until then: recorded as late, so an overloaded step's percentiles are not capped
     * by what the client managed to send.
     */
    private void recordUnsent(long firstUnsent) {
        long endedNs = Math.min(clock.nanoTime(), schedule.endNs());
        for (long seq = firstUnsent; seq < maxRecords; seq++) {
            long intendedNs = schedule.intendedNs(seq);
            if (intendedNs >= endedNs) {
                return;
            }
            stats.onUnsent((endedNs - intendedNs) / 1000);
        }
    }

    @Override
    public void onSendComplete(long seq, Throwable error) {
        long nowNs = clock.nanoTime();
        int slot = (int) (seq & slotMask);
        long actualNs = sendNsBySlot.get(slot);
        long intendedNs = schedule.paced() ? schedule.intendedNs(seq) : actualNs;
        if (error == null) {
            stats.onAcked(body.length, (nowNs - intendedNs) / 1000, (nowNs - actualNs) / 1000, clock.epochMicrosAt(nowNs));
            if (acked != null && seq <= Integer.MAX_VALUE) {
                acked.set((int) seq);
            }
        } else {
            stats.onFailed(error);
        }
        sendNsBySlot.set(slot, FREE);
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /** Waits until the slot's previous message completed; false when asked to stop meanwhile. */
    private boolean awaitFree(int slot) {
        if (sendNsBySlot.get(slot) == FREE) {
            return true;
        }
        waiter = Thread.currentThread();
        try {
            while (sendNsBySlot.get(slot) != FREE) {
                if (stopRequested || Thread.currentThread().isInterrupted() || clock.nanoTime() >= schedule.endNs()) {
                    return false;
                }
                LockSupport.parkNanos(WAIT_SLICE_NS);
            }
            return true;
        } finally {
            waiter = null;
        }
    }

    void requestStop() {
        stopRequested = true;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /**
     * How long the oldest message still in flight has waited since it was sent, in µs (0 when none is):
     * during a stall no acknowledgement arrives, and this is what the latency of that second is at least.
     * Scans the ring; call once per interval, not per message.
     */
    long oldestInFlightUs(long nowNs) {
        long oldestNs = Long.MAX_VALUE;
        for (int i = 0; i <= slotMask; i++) {
            long sentNs = sendNsBySlot.get(i);
            if (sentNs != FREE && sentNs < oldestNs) {
                oldestNs = sentNs;
            }
        }
        return oldestNs == Long.MAX_VALUE ? 0 : Math.max(0, (nowNs - oldestNs) / 1000);
    }

    long streamId() {
        return streamId;
    }

    /** Acknowledged sequences; read only after the producer closed (its I/O thread is the only writer). */
    BitSet ackedSequences() {
        return acked;
    }

    /**
     * When message {@code seq} is meant to go out: a fixed interval after the start when paced
     * (open loop); unthrottled streams ({@code intervalNs == 0}) send as soon as a slot is free.
     */
    record Schedule(long startNs, double intervalNs, long endNs) {

        boolean paced() {
            return intervalNs > 0;
        }

        /** Only meaningful when paced. */
        long intendedNs(long seq) {
            return startNs + (long) (seq * intervalNs);
        }
    }
}
