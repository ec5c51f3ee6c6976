package io.mqprobe.ceilings.net;

import io.mqprobe.api.UsageException;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.Channel;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The receiving end of {@code mqprobe net client} (like {@code iperf3 -s}): one test at a time, only the
 * streams the client asked for, within {@link NetServerLimits}. Stops when closed, after its first test
 * with {@code once}, or when its lifetime is over.
 */
public final class NetServer implements AutoCloseable {

    private static final int ACCEPT_POLL_MS = 200;

    private final ServerSocketChannel listening;
    private final NetServerLimits limits;
    private final NetServerListener listener;
    private final long lifetimeEndNs;
    private final SecureRandom cookies = new SecureRandom();
    private final AtomicReference<NetSession> active = new AtomicReference<>();
    private final AtomicReference<Thread> sessionThread = new AtomicReference<>();
    private final AtomicInteger testsDone = new AtomicInteger();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread acceptor;
    private volatile boolean closing;

    private NetServer(ServerSocketChannel listening, NetServerLimits limits, NetServerListener listener) {
        this.listening = listening;
        this.limits = limits;
        this.listener = listener;
        this.lifetimeEndNs = limits.lifetime() == null ? Long.MAX_VALUE : System.nanoTime() + limits.lifetime().toNanos();
        this.acceptor = new Thread(this::acceptLoop, "mqprobe-net-server");
        this.acceptor.setDaemon(true);
    }

    /**
     * Listens on {@code bind:port} (port 0 picks a free one, see {@link #port()}).
     *
     * @throws UsageException when the address cannot be bound (port in use, address not local)
     */
    public static NetServer start(InetAddress bind, int port, NetServerLimits limits, NetServerListener listener) {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port must be between 0 and 65535, got " + port);
        }
        ServerSocketChannel channel = null;
        try {
            channel = ServerSocketChannel.open();
            channel.bind(new InetSocketAddress(bind, port), 16);
            channel.socket().setSoTimeout(ACCEPT_POLL_MS);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UsageException("cannot listen on " + bind.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        NetServer server = new NetServer(channel, limits, listener);
        listener.onListening(server.address());
        server.acceptor.start();
        return server;
    }

    public static NetServer start(InetAddress bind, int port, NetServerLimits limits) {
        return start(bind, port, limits, NetServerListener.NONE);
    }

    /** The port actually bound. */
    public int port() {
        return address().getPort();
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) listening.socket().getLocalSocketAddress();
    }

    /** Waits until the server has stopped by itself ({@code once}, lifetime) or was closed; true when it has. */
    public boolean awaitStopped(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops listening and cuts a running test. */
    @Override
    public void close() {
        closing = true;
        closeQuietly(listening);
        NetSession session = active.get();
        if (session != null) {
            session.close();
        }
        try {
            acceptor.join(5000);
            Thread running = sessionThread.get();
            if (running != null) {
                running.join(5000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        try {
            while (!closing && !(finishedAccepting() && active.get() == null)) {
                Socket socket;
                try {
                    socket = listening.socket().accept();
                } catch (SocketTimeoutException poll) {
                    continue;
                } catch (ClosedChannelException closed) {
                    break;
                } catch (IOException e) {
                    if (closing) {
                        break;
                    }
                    listener.onRejected("?", "accept failed: " + e.getMessage());
                    continue;
                }
                handshake(socket);
            }
            Thread running = sessionThread.get();
            if (running != null) {
                running.join(); // the session bounds itself: streams timeout + duration + grace
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(listening);
            stopped.countDown();
        }
    }

    /** No new tests: lifetime over, or the one test of a {@code once} server has run. */
    private boolean finishedAccepting() {
        return System.nanoTime() - lifetimeEndNs >= 0 || (limits.once() && testsDone.get() > 0);
    }

    private void handshake(Socket socket) {
        String peer = String.valueOf(socket.getRemoteSocketAddress());
        SocketChannel channel = socket.getChannel();
        try {
            socket.setSoTimeout(NetProtocol.HANDSHAKE_TIMEOUT_MS);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int magic = in.readInt();
            if (magic == NetProtocol.DATA_MAGIC) {
                long cookie = in.readLong();
                int index = in.readInt();
                NetSession session = active.get();
                if (session == null || !session.offer(cookie, index, channel)) {
                    listener.onRejected(peer, "data connection for no running test");
                    closeQuietly(channel);
                }
                return;
            }
            if (magic != NetProtocol.CONTROL_MAGIC) {
                listener.onRejected(peer, "not an mqprobe net client");
                closeQuietly(channel);
                return;
            }
            int version = in.readInt();
            NetProtocol.TestRequest request = version == NetProtocol.VERSION ? NetProtocol.TestRequest.readFrom(in) : null;
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            String problem = request == null ? "protocol version " + version + " is not supported (server speaks "
                    + NetProtocol.VERSION + ")" : request.problemWith(limits);
            if (problem != null) {
                refuse(channel, out, NetProtocol.REPLY_BAD_REQUEST, problem, peer);
            } else if (finishedAccepting() || active.get() != null) {
                refuse(channel, out, NetProtocol.REPLY_BUSY, "server is busy with another test or shutting down", peer);
            } else {
                accept(socket, out, request, peer);
            }
        } catch (IOException e) {
            listener.onRejected(peer, "handshake failed: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            closeQuietly(channel);
        }
    }

    private void accept(Socket control, DataOutputStream out, NetProtocol.TestRequest request, String peer) throws IOException {
        long cookie = cookies.nextLong();
        NetSession session = new NetSession(control, out, request, cookie, peer, listener, () -> {
            testsDone.incrementAndGet();
            active.set(null);
        });
        out.writeByte(NetProtocol.REPLY_OK);
        out.writeLong(cookie);
        out.flush();
        // data connections are handshaken by this same thread after this method returns, so they find the session
        active.set(session);
        // the control connection stays quiet until the totals: no read timeout while the test runs
        control.setSoTimeout(0);
        Thread thread = new Thread(session, "mqprobe-net-session");
        thread.setDaemon(true);
        sessionThread.set(thread);
        thread.start();
    }

    private void refuse(SocketChannel channel, DataOutputStream out, byte reply, String reason, String peer) throws IOException {
        out.writeByte(reply);
        out.writeUTF(reason);
        out.flush();
        listener.onRejected(peer, reason);
        closeQuietly(channel);
    }

    private static void closeQuietly(Channel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do with it
        }
    }
}
