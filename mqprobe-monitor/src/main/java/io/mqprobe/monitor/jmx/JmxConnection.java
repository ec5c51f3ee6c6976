package io.mqprobe.monitor.jmx;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;

/**
 * A lazily (re)connected remote JMX connection to a JVM started with
 * {@code -Dcom.sun.management.jmxremote.port}. Connecting is time-boxed, because an RMI connect
 * to a silent host waits for the operating system's TCP timeout (minutes).
 */
public final class JmxConnection implements AutoCloseable {

    private final String host;
    private final IntSupplier port;
    private final Duration connectTimeout;
    private volatile JMXConnector connector;
    private MBeanServerConnection server;
    private CompletableFuture<JMXConnector> pending;
    private volatile boolean closed;

    /** @param port looked up on every connect, so a restarted broker on a new port is found */
    public JmxConnection(String host, IntSupplier port, Duration connectTimeout) {
        this.host = host;
        this.port = port;
        this.connectTimeout = connectTimeout;
    }

    /** {@code host:port} for messages. */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port.getAsInt();
    }

    /** The connection, connecting first when there is none. */
    public synchronized MBeanServerConnection get() throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        if (server != null) {
            return server;
        }
        // one connect attempt at a time: a hung attempt must not pile up threads round after round
        if (pending == null) {
            JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address() + "/jmxrmi");
            pending = CompletableFuture.supplyAsync(() -> {
                try {
                    return JMXConnectorFactory.connect(url, Map.of());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, r -> daemon(r).start());
        }
        try {
            connector = pending.get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
            pending = null;
            if (closed) {
                closeQuietly();
                throw new IOException("closed");
            }
            server = connector.getMBeanServerConnection();
            return server;
        } catch (TimeoutException e) {
            throw new IOException("no JMX answer from " + address() + " within " + connectTimeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            pending = null;
            Throwable cause = e.getCause() instanceof java.io.UncheckedIOException u ? u.getCause() : e.getCause();
            throw new IOException("cannot connect to JMX at " + address() + ": " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while connecting to JMX at " + address());
        }
    }

    /** Drops the connection after an I/O failure so the next {@link #get()} reconnects (e.g. after a broker restart). */
    public synchronized void reset() {
        closeQuietly();
    }

    @Override
    public void close() {
        closed = true;
        // not synchronized: a sampler thread blocked inside get() must not keep close() waiting
        JMXConnector c = connector;
        if (c != null) {
            try {
                c.close();
            } catch (IOException | RuntimeException e) {
                // the broker may already be gone; nothing to release then
            }
        }
    }

    private void closeQuietly() {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException | RuntimeException e) {
                // reconnecting anyway
            }
        }
        connector = null;
        server = null;
    }

    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "mqprobe-jmx-connect");
        t.setDaemon(true);
        return t;
    }
}
