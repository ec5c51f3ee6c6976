package io.mqprobe.cli.run;

import io.mqprobe.api.UsageException;
import picocli.CommandLine.Option;

/** Copies of each partition of the topics a command creates (picocli mixin); 0 is the house rule. */
public final class ReplicationOption {

    @Option(names = "--replication-factor", paramLabel = "N", defaultValue = "0",
            description = "Copies of each partition of a topic mqprobe creates; 0 = as many as brokers, up to 3 (default: ${DEFAULT-VALUE}).")
    int replicationFactor;

    /** The factor asked for, 0 for as many as brokers up to 3 ({@link io.mqprobe.api.TopicSpec#replicationOn}). */
    public int replicationFactor() {
        if (replicationFactor < 0) {
            throw new UsageException("--replication-factor must be at least 0 (as many as brokers, up to 3), got " + replicationFactor);
        }
        return replicationFactor;
    }
}
