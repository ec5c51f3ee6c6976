package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** How many producer clients a load runs (picocli mixin of every command that produces at a set width). */
public final class ClientsOption {

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", converter = CountConverter.AtLeastOne.class,
            description = "Independent producer clients, each with its own connections (default: ${DEFAULT-VALUE}).")
    int clients;

    public int clients() {
        return clients;
    }
}
