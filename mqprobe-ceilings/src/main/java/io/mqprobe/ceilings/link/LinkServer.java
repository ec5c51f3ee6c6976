package io.mqprobe.ceilings.link;

import io.mqprobe.ceilings.net.NetServer;
import io.mqprobe.ceilings.net.NetServerLimits;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;

/**
 * The far end of a link probe: a net server started inside a broker's network namespace (the way iperf3 -s runs on
 * the broker's host), bound to the broker's address. It prints {@code port N} once listening and stops when its
 * standard input closes (the prober is done or died) or after {@code lifetime} seconds, whichever comes first.
 *
 * <p>Arguments: {@code ADDRESS LIFETIME_SECONDS}.
 */
public final class LinkServer {

    /** The line the prober waits for; the port follows it. */
    static final String READY = "port ";

    private LinkServer() {
    }

    public static void main(String[] args) throws IOException {
        InetAddress bind = InetAddress.getByName(args[0]);
        Duration lifetime = Duration.ofSeconds(Long.parseLong(args[1]));
        try (NetServer server = NetServer.start(bind, 0, NetServerLimits.DEFAULT.withLifetime(lifetime))) {
            System.out.println(READY + server.port());
            System.out.flush();
            Thread watchdog = new Thread(() -> {
                try {
                    server.awaitStopped(lifetime);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                System.exit(0);
            }, "mqprobe-link-lifetime");
            watchdog.setDaemon(true);
            watchdog.start();
            while (System.in.read() >= 0) {
                // a prober closes our stdin when it is done; until then there is nothing to read
            }
        }
    }
}
