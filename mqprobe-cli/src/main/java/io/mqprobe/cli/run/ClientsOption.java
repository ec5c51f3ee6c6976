package io.mqprobe.cli.run;

import io.mqprobe.api.UsageException;
import picocli.CommandLine.Option;

/** How many producer clients a load runs (picocli mixin of every command that produces at a set width). */
public final class ClientsOption {

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1",
            description = "Independent producer clients, each with its own connections (default: ${DEFAULT-VALUE}).")
    int clients;

    public int clients() {
        if (clients < 1) {
            throw new UsageException("--clients must be at least 1, got " + clients);
        }
        return clients;
    }
}
