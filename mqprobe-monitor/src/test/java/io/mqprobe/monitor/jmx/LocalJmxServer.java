package io.mqprobe.monitor.jmx;

import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** This JVM's platform MBean server behind a loopback RMI connector, like a broker's {@code jmxremote.port}. */
final class LocalJmxServer implements AutoCloseable {

    final int port;
    private final Registry registry;
    private final java.util.Map<String, ?> environment;
    private JMXConnectorServer connector;

    LocalJmxServer() throws IOException {
        this(java.util.Map.of());
    }

    /**
     * Behind an access file, as {@code com.sun.management.jmxremote.access.file} sets one: every connection is taken
     * as user {@code reader}, and the file decides what that user may do.
     */
    static LocalJmxServer readOnly(java.nio.file.Path accessFile) throws IOException {
        javax.management.remote.JMXAuthenticator anyone = credentials -> new javax.security.auth.Subject(true,
                java.util.Set.of(new javax.management.remote.JMXPrincipal("reader")), java.util.Set.of(), java.util.Set.of());
        return new LocalJmxServer(java.util.Map.of("jmx.remote.x.access.file", accessFile.toString(),
                JMXConnectorServer.AUTHENTICATOR, anyone));
    }

    private LocalJmxServer(java.util.Map<String, ?> environment) throws IOException {
        this.environment = environment;
        // the RMI stub must point at loopback, not at whatever address the host name resolves to
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        port = freePort();
        registry = LocateRegistry.createRegistry(port);
        start();
    }

    void start() throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + port + "/jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        connector = JMXConnectorServerFactory.newJMXConnectorServer(url, environment, ManagementFactory.getPlatformMBeanServer());
        connector.start();
    }

    void stop() throws IOException {
        connector.stop();
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        if (connector.isActive()) {
            connector.stop();
        }
        try {
            UnicastRemoteObject.unexportObject(registry, true);
        } catch (NoSuchObjectException e) {
            // already gone
        }
    }
}
