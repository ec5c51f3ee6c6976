package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** Partitions of the topics a command creates (picocli mixin); 0 is the house rule, two per broker. */
public final class PartitionsOption {

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "0", converter = CountConverter.AtLeastZero.class,
            description = "Partitions of each topic mqprobe creates; 0 = two per broker (default: ${DEFAULT-VALUE}).")
    int partitions;

    /** The count asked for, 0 for two per broker ({@link io.mqprobe.api.TopicSpec#partitionsOn}). */
    public int partitions() {
        return partitions;
    }
}
