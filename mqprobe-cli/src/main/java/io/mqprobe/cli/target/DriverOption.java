package io.mqprobe.cli.target;

import io.mqprobe.api.Drivers;
import picocli.CommandLine.Option;

/** Which system a command talks to: its driver, and its embedded cluster (picocli mixin of run and cluster commands). */
public final class DriverOption {

    @Option(names = "--driver", paramLabel = "ID", defaultValue = Drivers.DEFAULT_ID,
            description = "The system: kafka or rocketmq; its client driver, and its embedded cluster when one is started or "
                    + "stopped (default: ${DEFAULT-VALUE}).")
    String driverId;

    public String driverId() {
        return driverId;
    }
}
