package io.mqprobe.cli;

/** One embedded 3-broker Kafka cluster for every CLI integration test in this JVM (see {@link SharedClusterUp}). */
public final class SharedCliCluster extends SharedClusterUp {

    public static final int BROKERS = 3;

    public SharedCliCluster() {
        super("kafka", "--brokers", String.valueOf(BROKERS));
    }
}
