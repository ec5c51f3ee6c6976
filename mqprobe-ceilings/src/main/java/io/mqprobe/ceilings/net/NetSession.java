package io.mqprobe.ceilings.net;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * The server side of one accepted test: waits for exactly the streams the client asked for, runs them for
 * the requested duration (bounded by the server's limits) and sends its totals back.
 */
final class NetSession implements Runnable {

    private final Socket control;
    private final DataOutputStream out;
    private final NetProtocol.TestRequest request;
    private final long cookie;
    private final String client;
    private final NetServerListener listener;
    private final Runnable onDone;
    private final SocketChannel[] streams;
    private int connected;
    private boolean closed;
    private StreamGroup group;

    NetSession(Socket control, DataOutputStream out, NetProtocol.TestRequest request, long cookie, String client,
               NetServerListener listener, Runnable onDone) {
        this.control = control;
        this.out = out;
        this.request = request;
        this.cookie = cookie;
        this.client = client;
        this.listener = listener;
        this.onDone = onDone;
        this.streams = new SocketChannel[request.streams()];
    }

    /** Takes a data connection if it carries this test's cookie and a free stream index; false means close it. */
    synchronized boolean offer(long streamCookie, int index, SocketChannel channel) {
        if (closed || streamCookie != cookie || index < 0 || index >= streams.length || streams[index] != null) {
            return false;
        }
        streams[index] = channel;
        connected++;
        notifyAll();
        return true;
    }

    @Override
    public void run() {
        try {
            if (!awaitStreams()) {
                String reason = "only " + connected + " of " + streams.length + " streams connected within "
                        + NetProtocol.STREAMS_TIMEOUT_MS / 1000 + " s";
                out.writeByte(NetProtocol.ABORT);
                out.writeUTF(reason);
                out.flush();
                listener.onTestFailed(client, reason);
                return;
            }
            long omitNs = TimeUnit.MILLISECONDS.toNanos(request.omitMs());
            long durationNs = TimeUnit.MILLISECONDS.toNanos(request.durationMs());
            StreamGroup streamGroup = new StreamGroup("net-server", streams, request.reverse(), request.blockSizeBytes(),
                    StreamGroup.defaultIoThreads(streams.length, Runtime.getRuntime().availableProcessors()));
            synchronized (this) {
                group = streamGroup;
            }
            out.writeByte(NetProtocol.START);
            out.flush();
            streamGroup.start(omitNs + durationNs);
            listener.onTestStarted(client, streams.length, request.reverse(), request.durationMs());
            long windowStartNs = streamGroup.startNs() + omitNs;
            long[] baseline = streamGroup.bytesByStreamAt(windowStartNs);
            if (!streamGroup.await(windowStartNs + durationNs + NetProtocol.GRACE_NS)) {
                streamGroup.abort();
                streamGroup.await(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
            }
            NetProtocol.Totals totals = streamGroup.totalsSince(baseline, windowStartNs);
            totals.writeTo(out);
            out.flush();
            if (streamGroup.failure() != null) {
                listener.onTestFailed(client, streamGroup.failure().getMessage());
            } else {
                listener.onTestFinished(client, totals.bytes(), totals.bytesPerSecond());
            }
        } catch (IOException e) {
            listener.onTestFailed(client, "control connection: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close();
            onDone.run();
        }
    }

    /** Ends the test now (server shutdown): closes the control connection and every stream. */
    void close() {
        StreamGroup running;
        SocketChannel[] offered;
        synchronized (this) {
            closed = true;
            running = group;
            offered = streams.clone();
            notifyAll();
        }
        if (running != null) {
            running.closeAll();
        }
        for (SocketChannel channel : offered) {
            closeQuietly(channel);
        }
        try {
            control.close();
        } catch (IOException ignored) {
            // the test is over either way
        }
    }

    private synchronized boolean awaitStreams() throws InterruptedException {
        long giveUpNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(NetProtocol.STREAMS_TIMEOUT_MS);
        while (connected < streams.length && !closed) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(giveUpNs - System.nanoTime());
            if (leftMs <= 0) {
                return false;
            }
            wait(leftMs);
        }
        return !closed;
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the test is over either way
        }
    }
}
