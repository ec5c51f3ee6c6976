package io.mqprobe.embedded;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Waits until starting nodes serve, by a check the cluster supplies (Kafka: registered, unfenced and
 * answering; RocketMQ: registered with the name server). Fails fast, with the log tail, when a node exits.
 */
public final class Readiness {

    private static final long POLL_MS = 200;

    private Readiness() {
    }

    /** What "serving" means for a cluster; may block up to its own call timeout. */
    @FunctionalInterface
    public interface Check {
        boolean serving(List<ProcessNode> running) throws InterruptedException;
    }

    /**
     * @param what      how the nodes are named in messages ("Kafka brokers")
     * @param tail      the log tail of a node, for the failure message
     * @throws EmbeddedClusterException when a node exits, or they do not serve within {@code timeout}
     */
    public static void await(List<ProcessNode> running, Duration timeout, String what, Check check,
                             Function<ProcessNode, String> tail) {
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        List<String> names = running.stream().map(ProcessNode::name).toList();
        try {
            while (true) {
                for (ProcessNode node : running) {
                    if (!node.alive()) {
                        String code = node.exitCode().map(c -> " with status " + c).orElse("");
                        throw node.failure(node.name() + " exited" + code + " while starting", tail.apply(node));
                    }
                }
                if (check.serving(running)) {
                    return;
                }
                if (System.nanoTime() > deadlineNs) {
                    ProcessNode last = running.get(running.size() - 1);
                    throw last.failure(what + " " + names + " not serving after " + timeout.toSeconds() + " s", tail.apply(last));
                }
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedClusterException("interrupted while waiting for " + what + " " + names);
        }
    }

    /** True when {@code host:port} accepts a connection within 200 ms. */
    public static boolean listening(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
