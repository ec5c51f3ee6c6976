package io.mqprobe.ceilings.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The data streams of one side of a test: senders write until the deadline and then half-close; receivers
 * read until the peer's half-close. Streams are spread over a few I/O threads (a thread with one stream uses
 * blocking calls, a thread with several multiplexes them with a selector), because on a small machine one
 * thread per stream spends its time switching rather than copying. Counters are readable while streams run.
 */
final class StreamGroup {

    private static final long SELECT_TIMEOUT_MS = 100;

    private final String name;
    private final SocketChannel[] channels;
    private final boolean send;
    private final int blockSizeBytes;
    private final int ioThreads;
    private final AtomicLongArray bytes;
    private final long[] endNs;
    private final Thread[] threads;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean aborted;
    private long startNs;

    /** @param ioThreads threads to spread the streams over, at least 1; more than one per stream is not used */
    StreamGroup(String name, SocketChannel[] channels, boolean send, int blockSizeBytes, int ioThreads) {
        this.name = name;
        this.channels = channels.clone();
        this.send = send;
        this.blockSizeBytes = blockSizeBytes;
        this.ioThreads = Math.max(1, Math.min(ioThreads, channels.length));
        this.bytes = new AtomicLongArray(channels.length);
        this.endNs = new long[channels.length];
        this.threads = new Thread[this.ioThreads];
    }

    /** I/O threads for {@code streams} streams on a machine with {@code cores} cores: one per stream, at most one per core. */
    static int defaultIoThreads(int streams, int cores) {
        return Math.max(1, Math.min(streams, cores));
    }

    /** Starts every stream; senders send for {@code runNs} (warm-up and measured window together). */
    void start(long runNs) {
        startNs = System.nanoTime();
        long deadlineNs = startNs + runNs;
        for (int t = 0; t < ioThreads; t++) {
            int first = t;
            threads[t] = new Thread(() -> runThread(first, deadlineNs), "mqprobe-" + name + "-" + t);
            threads[t].setDaemon(true);
            threads[t].start();
        }
    }

    long startNs() {
        return startNs;
    }

    /** Bytes moved so far over all streams. */
    long bytesSoFar() {
        long total = 0;
        for (int i = 0; i < channels.length; i++) {
            total += bytes.get(i);
        }
        return total;
    }

    /** Waits until every stream has ended or {@code untilNanoTime} passes; true when all have ended. */
    boolean await(long untilNanoTime) throws InterruptedException {
        for (Thread thread : threads) {
            long leftNs = untilNanoTime - System.nanoTime();
            if (leftNs > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, leftNs);
            }
            if (thread.isAlive()) {
                return false;
            }
        }
        return true;
    }

    /** Cuts every stream that is still running and records why. */
    void abort() {
        failure.compareAndSet(null, new IOException("streams still running " + TimeUnit.NANOSECONDS.toSeconds(NetProtocol.GRACE_NS)
                + " s after the end of the test were cut"));
        closeAll();
    }

    /** Closes every stream (unblocks blocked reads and writes); the I/O threads then end. */
    void closeAll() {
        aborted = true;
        for (SocketChannel channel : channels) {
            closeQuietly(channel);
        }
    }

    /** Waits until {@code nanoTime} (or until every stream has ended) and returns the per-stream counts then. */
    long[] bytesByStreamAt(long nanoTime) throws InterruptedException {
        if (nanoTime - startNs <= 0) {
            return new long[channels.length]; // no warm-up: count from the first byte, not from whenever this runs
        }
        await(nanoTime);
        return bytesByStream();
    }

    /** Bytes moved so far, per stream. */
    long[] bytesByStream() {
        long[] counted = new long[channels.length];
        for (int i = 0; i < channels.length; i++) {
            counted[i] = bytes.get(i);
        }
        return counted;
    }

    /**
     * Bytes moved since {@code baseline} was taken and the time from {@code windowStartNs} to the last stream's
     * end; call after {@link #await} returned true.
     */
    NetProtocol.Totals totalsSince(long[] baseline, long windowStartNs) {
        long[] counted = bytesByStream();
        long lastEndNs = windowStartNs;
        for (int i = 0; i < channels.length; i++) {
            counted[i] -= baseline[i];
            lastEndNs = Math.max(lastEndNs, endNs[i]);
        }
        return new NetProtocol.Totals(counted, lastEndNs - windowStartNs);
    }

    /** The first stream failure, or {@code null}. */
    Throwable failure() {
        return failure.get();
    }

    /** Runs streams {@code first}, {@code first + ioThreads}, ... */
    private void runThread(int first, long deadlineNs) {
        int count = (channels.length - first + ioThreads - 1) / ioThreads; // streams first, first + ioThreads, ...
        ByteBuffer buffer = ByteBuffer.allocateDirect(blockSizeBytes);
        if (send) {
            fillRandom(buffer, first);
        }
        if (count == 1) {
            runBlocking(first, buffer, deadlineNs);
        } else {
            runMultiplexed(first, buffer, deadlineNs);
        }
    }

    private void runBlocking(int stream, ByteBuffer buffer, long deadlineNs) {
        SocketChannel channel = channels[stream];
        long moved = 0;
        try {
            if (send) {
                while (System.nanoTime() - deadlineNs < 0) {
                    buffer.clear();
                    while (buffer.hasRemaining()) {
                        moved += channel.write(buffer);
                    }
                    bytes.lazySet(stream, moved);
                }
                channel.shutdownOutput();
            } else {
                int n;
                while ((n = channel.read(buffer.clear())) >= 0) {
                    moved += n;
                    bytes.lazySet(stream, moved);
                }
            }
        } catch (IOException e) {
            fail(stream, e);
        } finally {
            endNs[stream] = System.nanoTime();
            closeQuietly(channel);
        }
    }

    private void runMultiplexed(int first, ByteBuffer buffer, long deadlineNs) {
        // senders share one buffer's content but need their own positions for partial writes
        ByteBuffer[] views = new ByteBuffer[channels.length];
        long[] moved = new long[channels.length];
        int open = 0;
        try (Selector selector = Selector.open()) {
            for (int s = first; s < channels.length; s += ioThreads) {
                channels[s].configureBlocking(false);
                channels[s].register(selector, send ? SelectionKey.OP_WRITE : SelectionKey.OP_READ, s);
                views[s] = send ? buffer.duplicate().position(blockSizeBytes) : buffer;
                open++;
            }
            while (open > 0 && !aborted && !(send && System.nanoTime() - deadlineNs >= 0)) {
                selector.select(SELECT_TIMEOUT_MS);
                for (SelectionKey key : selector.selectedKeys()) {
                    int s = (Integer) key.attachment();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (send) {
                        ByteBuffer view = views[s];
                        if (!view.hasRemaining()) {
                            view.clear();
                        }
                        moved[s] += channels[s].write(view);
                        bytes.lazySet(s, moved[s]);
                    } else {
                        int n = channels[s].read(buffer.clear());
                        if (n < 0) {
                            key.cancel();
                            endNs[s] = System.nanoTime();
                            closeQuietly(channels[s]);
                            open--;
                        } else {
                            moved[s] += n;
                            bytes.lazySet(s, moved[s]);
                        }
                    }
                }
                selector.selectedKeys().clear();
            }
            if (send && !aborted) {
                for (int s = first; s < channels.length; s += ioThreads) {
                    channels[s].shutdownOutput();
                }
            }
        } catch (IOException e) {
            fail(first, e);
        } finally {
            long now = System.nanoTime();
            for (int s = first; s < channels.length; s += ioThreads) {
                if (endNs[s] == 0) {
                    endNs[s] = now;
                }
                closeQuietly(channels[s]);
            }
        }
    }

    private void fail(int stream, IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        failure.compareAndSet(null, new IOException("stream " + stream + ": " + message, e));
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is the end of this stream either way
        }
    }

    private static void fillRandom(ByteBuffer buffer, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        while (buffer.remaining() >= Long.BYTES) {
            buffer.putLong(random.nextLong());
        }
    }
}
