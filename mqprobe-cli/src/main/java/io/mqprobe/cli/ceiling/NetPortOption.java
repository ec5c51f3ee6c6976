package io.mqprobe.cli.ceiling;

import io.mqprobe.ceilings.net.NetClientSpec;
import picocli.CommandLine.Option;

/** The TCP port of a network test, iperf3's -p (picocli mixin of net server and net client). */
final class NetPortOption {

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + NetClientSpec.DEFAULT_PORT,
            description = "The test's port: the server listens on it, the client connects to it (default: ${DEFAULT-VALUE}).")
    int port;
}
