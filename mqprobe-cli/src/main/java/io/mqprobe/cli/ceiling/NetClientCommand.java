package io.mqprobe.cli.ceiling;

import io.mqprobe.ceilings.net.NetReport;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.SizeConverter;
import io.mqprobe.ceilings.net.NetClient;
import io.mqprobe.ceilings.net.NetClientSpec;
import io.mqprobe.ceilings.net.NetInterval;
import io.mqprobe.ceilings.net.NetProbeListener;
import io.mqprobe.ceilings.net.NetResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code mqprobe net client HOST}: one throughput test against a net server (like {@code iperf3 -c HOST}). */
@Command(name = "client", mixinStandardHelpOptions = true, description = "Run one TCP throughput test against 'mqprobe net server' on HOST.", sortOptions = false)
final class NetClientCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HOST", description = "Where 'mqprobe net server' runs.")
    String host;

    @Mixin
    NetPortOption port;

    @Option(names = {"-P", "--parallel"}, paramLabel = "N", defaultValue = "1",
            description = "Parallel TCP streams (default: ${DEFAULT-VALUE}).")
    int streams;

    @Option(names = {"-t", "--duration"}, paramLabel = "TIME", defaultValue = "10s", converter = DurationConverter.class,
            description = "How long to send; a bare number is seconds (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = {"-O", "--omit"}, paramLabel = "TIME", defaultValue = "1s", converter = DurationConverter.OrZero.class,
            description = "Warm-up before the measured --duration, left out of every figure (iperf3 -O); the JVMs on both"
                    + " ends need about a second to compile their I/O path (default: ${DEFAULT-VALUE}).")
    Duration omit;

    @Option(names = {"-R", "--reverse"}, description = "The server sends and this client receives.")
    boolean reverse;

    @Option(names = {"-l", "--block"}, paramLabel = "SIZE", defaultValue = "128k", converter = SizeConverter.class,
            description = "Bytes per socket write (default: ${DEFAULT-VALUE}).")
    int blockSizeBytes;

    @Option(names = "--connect-timeout", paramLabel = "TIME", defaultValue = "3s", converter = DurationConverter.class,
            description = "How long to wait for the server to answer (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Mixin
    JsonCopyOption json;

    @Override
    public Integer call() {
        NetClientSpec clientSpec = new NetClientSpec(host, port.port, streams, omit, duration, reverse, blockSizeBytes, connectTimeout);
        if (json.file != null) {
            JsonOutput.checkWritable(json.file);
        }
        PrintWriter out = spec.commandLine().getOut();
        NetResult result = NetClient.run(clientSpec, new NetProbeListener() {
            @Override
            public void onStarted(NetClientSpec started) {
                NetReport.header(out, started);
            }

            @Override
            public void onInterval(NetInterval interval) {
                NetReport.interval(out, interval);
            }
        });
        NetReport.totals(out, result);
        if (json.file != null) {
            JsonOutput.write(json.file, JsonOutput.NET_SCHEMA, result);
        }
        return 0;
    }
}
