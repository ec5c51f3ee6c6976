package io.mqprobe.ceilings.net;

import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * Runs one TCP throughput test against an {@code mqprobe net server} (like {@code iperf3 -c}): P parallel
 * streams for a duration, per-second figures while it runs, sender and receiver totals at the end.
 */
public final class NetClient {

    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);
    /** A trailing interval shorter than this (the last writes after the final tick) is only counted in the totals. */
    private static final long MIN_TAIL_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long BUSY_RETRY_MS = 50;

    private NetClient() {
    }

    /**
     * @throws TargetUnreachableException when the server cannot be reached or does not speak the protocol (exit 3)
     * @throws UsageException             when the server refuses the request as outside its limits (exit 2)
     * @throws IllegalStateException      when the server is busy, or a stream fails during the test
     */
    public static NetResult run(NetClientSpec spec, NetProbeListener progress) {
        return run(spec, progress, Duration.ZERO);
    }

    /**
     * As above, asking again (every {@value #BUSY_RETRY_MS} ms, up to {@code whileBusy}) while the server is busy: it
     * frees itself only after it sent a test's totals, so a client that asks again at once can find it still busy.
     */
    public static NetResult run(NetClientSpec spec, NetProbeListener progress, Duration whileBusy) {
        long giveUpNs = System.nanoTime() + whileBusy.toNanos();
        while (true) {
            try {
                return runOnce(spec, progress);
            } catch (NetServerBusyException e) {
                if (System.nanoTime() - giveUpNs >= 0) {
                    throw e;
                }
                try {
                    Thread.sleep(BUSY_RETRY_MS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the net server was busy", interrupted);
                }
            }
        }
    }

    private static NetResult runOnce(NetClientSpec spec, NetProbeListener progress) {
        InetSocketAddress server = resolve(spec);
        int timeoutMs = (int) Math.min(Integer.MAX_VALUE, spec.connectTimeout().toMillis());
        try (Socket control = new Socket()) {
            connect(control, server, spec, timeoutMs);
            DataInputStream in = new DataInputStream(control.getInputStream());
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(control.getOutputStream()));
            long cookie = handshake(spec, in, out);
            SocketChannel[] streams = new SocketChannel[spec.streams()];
            try {
                for (int i = 0; i < streams.length; i++) {
                    streams[i] = openStream(server, spec, timeoutMs, cookie, i);
                }
                awaitStart(spec, control, in);
                return runStreams(spec, streams, control, in, progress);
            } finally {
                for (SocketChannel stream : streams) {
                    closeQuietly(stream);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("net test against " + spec.address() + " failed: " + describe(e), e);
        }
    }

    private static InetSocketAddress resolve(NetClientSpec spec) {
        try {
            return new InetSocketAddress(InetAddress.getByName(spec.host()), spec.port());
        } catch (UnknownHostException e) {
            throw new TargetUnreachableException("cannot resolve net server host '" + spec.host() + "'", e);
        }
    }

    private static void connect(Socket socket, InetSocketAddress server, NetClientSpec spec, int timeoutMs) {
        try {
            socket.connect(server, timeoutMs);
            socket.setSoTimeout(NetProtocol.HANDSHAKE_TIMEOUT_MS);
        } catch (IOException e) {
            throw unreachable(spec, e);
        }
    }

    private static long handshake(NetClientSpec spec, DataInputStream in, DataOutputStream out) {
        byte reply;
        String reason = null;
        long cookie = 0;
        try {
            out.writeInt(NetProtocol.CONTROL_MAGIC);
            out.writeInt(NetProtocol.VERSION);
            NetProtocol.TestRequest.of(spec).writeTo(out);
            out.flush();
            reply = in.readByte();
            if (reply == NetProtocol.REPLY_OK) {
                cookie = in.readLong();
            } else {
                reason = in.readUTF();
            }
        } catch (IOException e) {
            throw notAServer(spec, e);
        }
        if (reply == NetProtocol.REPLY_BAD_REQUEST) {
            throw new UsageException("the net server at " + spec.address() + " refused the test: " + reason);
        }
        if (reply == NetProtocol.REPLY_BUSY) {
            throw new NetServerBusyException("the net server at " + spec.address() + " refused the test: " + reason);
        }
        if (reply != NetProtocol.REPLY_OK) {
            throw new IllegalStateException("the net server at " + spec.address() + " refused the test: " + reason);
        }
        return cookie;
    }

    private static SocketChannel openStream(InetSocketAddress server, NetClientSpec spec, int timeoutMs, long cookie,
                                            int index) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.socket().connect(server, timeoutMs);
            ByteBuffer hello = ByteBuffer.allocate(Integer.BYTES + Long.BYTES + Integer.BYTES)
                    .putInt(NetProtocol.DATA_MAGIC).putLong(cookie).putInt(index).flip();
            while (hello.hasRemaining()) {
                channel.write(hello);
            }
            return channel;
        } catch (IOException e) {
            closeQuietly(channel);
            throw unreachable(spec, e);
        }
    }

    private static void awaitStart(NetClientSpec spec, Socket control, DataInputStream in) throws IOException {
        byte signal;
        try {
            control.setSoTimeout(NetProtocol.STREAMS_TIMEOUT_MS + NetProtocol.HANDSHAKE_TIMEOUT_MS);
            signal = in.readByte();
        } catch (IOException e) {
            throw notAServer(spec, e);
        }
        if (signal == NetProtocol.ABORT) {
            throw new IllegalStateException("the net server at " + spec.address() + " aborted the test: " + in.readUTF());
        }
        if (signal != NetProtocol.START) {
            throw notAServer(spec, new IOException("unexpected start signal " + signal));
        }
    }

    private static NetResult runStreams(NetClientSpec spec, SocketChannel[] streams, Socket control, DataInputStream in,
                                        NetProbeListener progress) throws IOException {
        long durationNs = spec.duration().toNanos();
        StreamGroup group = new StreamGroup("net-client", streams, !spec.reverse(), spec.blockSizeBytes(),
                StreamGroup.defaultIoThreads(streams.length, Runtime.getRuntime().availableProcessors()));
        group.start(spec.omit().toNanos() + durationNs);
        progress.onStarted(spec);
        long windowStartNs = group.startNs() + spec.omit().toNanos();
        long[] baseline;
        List<NetInterval> intervals;
        try {
            baseline = group.bytesByStreamAt(windowStartNs);
            intervals = sampleEverySecond(group, windowStartNs, sum(baseline), windowStartNs + durationNs + NetProtocol.GRACE_NS,
                    progress);
        } catch (InterruptedException e) {
            group.closeAll();
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("net test interrupted");
            cancelled.initCause(e);
            throw cancelled;
        }
        control.setSoTimeout(NetProtocol.TOTALS_TIMEOUT_MS);
        NetProtocol.Totals serverTotals;
        try {
            serverTotals = NetProtocol.Totals.readFrom(in, spec.streams());
        } catch (EOFException | SocketTimeoutException e) {
            throw new IllegalStateException("the net server at " + spec.address() + " did not report its totals: " + describe(e), e);
        }
        if (group.failure() != null) {
            throw new IllegalStateException("net test against " + spec.address() + " failed: " + group.failure().getMessage(),
                    group.failure());
        }
        NetProtocol.Totals clientTotals = group.totalsSince(baseline, windowStartNs);
        NetProtocol.Totals sender = spec.reverse() ? serverTotals : clientTotals;
        NetProtocol.Totals receiver = spec.reverse() ? clientTotals : serverTotals;
        List<Long> byStream = new ArrayList<>();
        for (long bytes : receiver.bytesByStream()) {
            byStream.add(bytes);
        }
        return new NetResult(spec.address(), spec.streams(), spec.reverse(), spec.omit().toMillis(), spec.duration().toMillis(), intervals,
                sender.bytes(), sender.bytesPerSecond(), receiver.bytes(), receiver.bytesPerSecond(), byStream);
    }

    /**
     * One interval per second of the measured window (from {@code windowStartNs}, when {@code windowStartBytes} had
     * been moved) until every stream has ended; cuts the streams at {@code hardStopNs}.
     */
    private static List<NetInterval> sampleEverySecond(StreamGroup group, long windowStartNs, long windowStartBytes,
                                                       long hardStopNs, NetProbeListener progress) throws InterruptedException {
        List<NetInterval> intervals = new ArrayList<>();
        long startNs = windowStartNs;
        long lastNs = startNs;
        long lastBytes = windowStartBytes;
        for (long tick = 1; ; tick++) {
            boolean ended = group.await(Math.min(startNs + tick * SECOND_NS, hardStopNs));
            long nowNs = System.nanoTime();
            long bytes = group.bytesSoFar();
            if (!ended || nowNs - lastNs >= MIN_TAIL_NS) {
                long lengthNs = Math.max(1, nowNs - lastNs);
                NetInterval interval = new NetInterval(TimeUnit.NANOSECONDS.toMillis(lastNs - startNs),
                        TimeUnit.NANOSECONDS.toMillis(nowNs - startNs), bytes - lastBytes, (bytes - lastBytes) * 1e9 / lengthNs);
                intervals.add(interval);
                progress.onInterval(interval);
            }
            lastNs = nowNs;
            lastBytes = bytes;
            if (ended) {
                return intervals;
            }
            if (nowNs - hardStopNs >= 0) {
                group.abort();
                group.await(System.nanoTime() + 2 * SECOND_NS);
                return intervals;
            }
        }
    }

    private static long sum(long[] values) {
        long total = 0;
        for (long value : values) {
            total += value;
        }
        return total;
    }

    private static TargetUnreachableException unreachable(NetClientSpec spec, IOException e) {
        return new TargetUnreachableException("cannot reach an mqprobe net server at " + spec.address() + ": " + describe(e)
                + " (is 'mqprobe net server' running there?)", e);
    }

    private static TargetUnreachableException notAServer(NetClientSpec spec, IOException e) {
        String why = e instanceof EOFException ? "it closed the connection" : describe(e);
        return new TargetUnreachableException(spec.address() + " did not answer like an mqprobe net server: " + why, e);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
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
