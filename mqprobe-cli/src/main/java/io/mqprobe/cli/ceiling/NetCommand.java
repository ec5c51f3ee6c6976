package io.mqprobe.cli.ceiling;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code mqprobe net}: TCP throughput between two machines, like iperf3; the same jar is client and server. */
@Command(name = "net", mixinStandardHelpOptions = true,
        description = {"Measure TCP throughput with parallel streams, like iperf3 -P (compare: iperf3).",
                "Run 'mqprobe net server' on one machine and 'mqprobe net client HOST' on the other."},
        subcommands = {NetServerCommand.class, NetClientCommand.class})
public final class NetCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
