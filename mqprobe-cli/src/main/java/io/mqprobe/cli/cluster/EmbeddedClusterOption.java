package io.mqprobe.cli.cluster;

import io.mqprobe.api.Drivers;
import picocli.CommandLine.Option;

/** Which embedded cluster a {@code cluster} command acts on (picocli mixin of up, down and the broker faults). */
final class EmbeddedClusterOption {

    @Option(names = "--driver", paramLabel = "ID", defaultValue = Drivers.DEFAULT_ID,
            description = "Which embedded cluster: kafka or rocketmq (default: ${DEFAULT-VALUE}).")
    String driverId;
}
