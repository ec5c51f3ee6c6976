package io.mqprobe.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks loopback ports the OS reports free, below the kernel's range of ephemeral ports where it can. A node keeps its
 * ports across restarts, and a port from the ephemeral range may meanwhile have become the local end of some outgoing
 * connection: a RocketMQ slave restarted in the test suite found its port taken that way ("Address already in use").
 * Another process may still grab a port between release and the broker's bind, so callers retry with fresh ports when a
 * broker reports the address in use.
 */
public final class FreePorts {

    /** The lowest port picked; below it lie the well-known and many registered services. */
    static final int LOWEST = 10_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int TRIES_PER_PORT = 50;

    private FreePorts() {
    }

    /** {@code count} distinct free ports: all sockets stay open until every port is chosen, so none repeats. */
    public static int[] allocate(int count) {
        int below = ephemeralStart();
        List<ServerSocket> sockets = new ArrayList<>(count);
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = below > LOWEST + 1000 ? bindBelow(below) : null;
                if (socket == null) {
                    socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                }
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // the port is released either way once the socket is gone
                }
            }
        }
    }

    /** A socket bound to a free port in [{@link #LOWEST}, {@code below}), or {@code null} when none was found soon. */
    private static ServerSocket bindBelow(int below) {
        for (int tries = 0; tries < TRIES_PER_PORT; tries++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            try {
                return new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
            } catch (IOException taken) {
                // try another
            }
        }
        return null;
    }

    /** The first ephemeral port of this kernel, or 0 when it does not say (another OS): then any free port is taken. */
    static int ephemeralStart() {
        try {
            // readString reads one byte first (the file says size 0) and a sysctl file gives nothing more after a partial read
            String[] range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
