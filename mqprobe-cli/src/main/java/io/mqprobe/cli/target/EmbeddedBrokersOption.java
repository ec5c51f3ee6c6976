package io.mqprobe.cli.target;

import picocli.CommandLine.Option;

import java.util.OptionalInt;

/** How many brokers an embedded cluster starts with (picocli mixin of run commands and of cluster up). */
public final class EmbeddedBrokersOption {

    @Option(names = "--brokers", paramLabel = "N",
            description = "Brokers of the embedded cluster, when one is started: Kafka 1 to 9, RocketMQ 1 (a master) or 3 "
                    + "(a master and two slaves). Without it, as many as the command needs (cluster up: 3).")
    Integer brokers;

    /** The count typed, or empty for the command's own. */
    public OptionalInt brokers() {
        return brokers == null ? OptionalInt.empty() : OptionalInt.of(brokers);
    }
}
