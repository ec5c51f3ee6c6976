package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** Copies of each partition of the topics a command creates (picocli mixin); 0 is the house rule. */
public final class ReplicationOption {

    @Option(names = "--replication-factor", paramLabel = "N", defaultValue = "0", converter = CountConverter.AtLeastZero.class,
            description = "Copies of each partition of a topic mqprobe creates; 0 = as many as brokers, up to 3 (default: ${DEFAULT-VALUE}).")
    int replicationFactor;

    /** The factor asked for, 0 for as many as brokers up to 3 ({@link io.mqprobe.api.TopicSpec#replicationOn}). */
    public int replicationFactor() {
        return replicationFactor;
    }
}
