package io.mqprobe.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks loopback ports the OS reports free. Another process may still grab one between release and
 * the broker's bind, so callers retry with fresh ports when a broker reports the address in use.
 */
public final class FreePorts {

    private FreePorts() {
    }

    /** {@code count} distinct free ports: all sockets stay open until every port is chosen, so none repeats. */
    public static int[] allocate(int count) {
        List<ServerSocket> sockets = new ArrayList<>(count);
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
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
}
