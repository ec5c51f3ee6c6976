package io.mqprobe.ceilings.link;

import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.ceilings.net.NetClient;
import io.mqprobe.ceilings.net.NetClientSpec;
import io.mqprobe.ceilings.net.NetProbeListener;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Measures each broker's own link the way the field runs iperf3 between hosts: a net server inside the broker's
 * network namespace ({@link LinkServer}, started with {@code nsenter}), and from here one test into it and one
 * reversed out of it. The figure is what crossed the link, whatever shaped it: a tc rate mqprobe set, one somebody
 * else set on either end, or a slow interface.
 */
public final class LinkProbe {

    /** Two streams fill a shaped link; more only share the same rate. */
    private static final int STREAMS = 2;
    private static final Duration WARMUP = Duration.ofMillis(300);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(20);
    private static final long SERVER_LIFETIME_S = 60;
    /**
     * How long a test waits for the far end to be free again: it frees itself after it has sent the previous test's
     * totals, and the reversed test asked before that once (a suite run here: "server is busy with another test").
     */
    private static final Duration BUSY_WAIT = Duration.ofSeconds(5);

    private LinkProbe() {
    }

    /**
     * Each target's link, measured one after the other ({@code perDirection} each way after a short warm-up); the
     * far ends start together, so their JVMs start once in parallel.
     *
     * @throws IllegalStateException naming the target when a far end does not start or a test fails
     */
    public static List<LinkRate> measure(List<LinkTarget> targets, Duration perDirection) {
        List<FarEnd> ends = new ArrayList<>();
        try {
            for (LinkTarget target : targets) {
                ends.add(FarEnd.start(target));
            }
            List<LinkRate> rates = new ArrayList<>();
            for (FarEnd end : ends) {
                int port = end.awaitPort();
                rates.add(new LinkRate(end.target.name(), receiverRate(end.target, port, perDirection, false),
                        receiverRate(end.target, port, perDirection, true)));
            }
            return rates;
        } finally {
            ends.forEach(FarEnd::stop);
        }
    }

    private static double receiverRate(LinkTarget target, int port, Duration duration, boolean reverse) {
        NetClientSpec spec = NetClientSpec.of(target.address(), port, STREAMS, duration, reverse).withOmit(WARMUP);
        return NetClient.run(spec, NetProbeListener.NONE, BUSY_WAIT).receiverBytesPerSecond();
    }

    /** A {@link LinkServer} JVM in a target's namespace; its stdin is its leash. */
    private static final class FarEnd {
        private final LinkTarget target;
        private final Process process;

        private FarEnd(LinkTarget target, Process process) {
            this.target = target;
            this.process = process;
        }

        static FarEnd start(LinkTarget target) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = List.of("nsenter", "-t", Long.toString(target.pid()), "-n", "--",
                    java, "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    LinkServer.class.getName(), target.address(), Long.toString(SERVER_LIFETIME_S));
            try {
                return new FarEnd(target, new ProcessBuilder(command).redirectErrorStream(true).start());
            } catch (IOException e) {
                throw new IllegalStateException("cannot start the link probe's far end for " + target.name() + ": " + e.getMessage(), e);
            }
        }

        int awaitPort() {
            long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder seen = new StringBuilder();
            try {
                while (System.nanoTime() < deadline) {
                    if (out.ready()) {
                        String line = out.readLine();
                        if (line == null) {
                            break;
                        }
                        if (line.startsWith(LinkServer.READY)) {
                            return Integer.parseInt(line.substring(LinkServer.READY.length()).trim());
                        }
                        seen.append(line).append(' ');
                    } else if (!process.isAlive()) {
                        break;
                    } else {
                        Thread.sleep(20);
                    }
                }
            } catch (IOException e) {
                seen.append(e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the link probe's far end for " + target.name() + " did not start within "
                    + READY_TIMEOUT.toSeconds() + " s" + (seen.isEmpty() ? "" : ": " + seen.toString().trim()));
        }

        void stop() {
            try {
                process.getOutputStream().close();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
