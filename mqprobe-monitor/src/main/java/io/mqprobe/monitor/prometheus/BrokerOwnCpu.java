package io.mqprobe.monitor.prometheus;

/**
 * Whether a broker's own CPU is reported apart from its node's, shared by the broker's samplers: by its container
 * (cAdvisor series on any of its Prometheus endpoints) or by its JVM over JMX ({@code --jmx}). From then on the node's
 * CPU from node_exporter, even from another endpoint, goes to the node's source, and a JMX exporter's process CPU is
 * left out: one origin per source, so a step never blends two. It never goes back. Thread-safe: each sampler runs on
 * its own thread.
 */
public final class BrokerOwnCpu {

    private volatile boolean reportedElsewhere;

    /** The broker's JVM reports its own CPU over JMX: node_exporter's CPU is the node's from the first scrape. */
    public static BrokerOwnCpu fromJmx() {
        BrokerOwnCpu own = new BrokerOwnCpu();
        own.markReported();
        return own;
    }

    void markReported() {
        reportedElsewhere = true;
    }

    boolean reported() {
        return reportedElsewhere;
    }
}
