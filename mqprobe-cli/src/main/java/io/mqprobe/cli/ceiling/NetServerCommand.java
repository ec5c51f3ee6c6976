package io.mqprobe.cli.ceiling;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.ceilings.disk.DiskReport;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.ceilings.net.NetClientSpec;
import io.mqprobe.ceilings.net.NetServer;
import io.mqprobe.ceilings.net.NetServerLimits;
import io.mqprobe.ceilings.net.NetServerListener;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code mqprobe net server}: waits for net clients and runs one test at a time (like {@code iperf3 -s}). */
@Command(name = "server", mixinStandardHelpOptions = true, description = "Accept net client tests, one at a time, within the limits below.", sortOptions = false)
final class NetServerCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    NetPortOption port;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDRESS", defaultValue = "0.0.0.0",
            description = "Local address to listen on (default: ${DEFAULT-VALUE}, every interface).")
    String bind;

    @Option(names = {"-1", "--once"}, description = "Stop after the first test.")
    boolean once;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Stop accepting tests after this long (default: run until Ctrl-C).")
    Duration lifetime;

    @Option(names = "--max-streams", paramLabel = "N", defaultValue = "" + NetClientSpec.MAX_STREAMS,
            description = "Most parallel streams a client may ask for (default: ${DEFAULT-VALUE}).")
    int maxStreams;

    @Option(names = "--max-test-duration", paramLabel = "TIME", defaultValue = "10m", converter = DurationConverter.class,
            description = "Longest test a client may ask for (default: ${DEFAULT-VALUE}).")
    Duration maxTestDuration;

    @Override
    public Integer call() throws InterruptedException {
        NetServerLimits limits = new NetServerLimits(maxStreams, maxTestDuration, once, lifetime);
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new UsageException("--bind: unknown address '" + bind + "'", e);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (NetServer server = NetServer.start(address, port.port, limits, new Events(out, limits))) {
            while (!server.awaitStopped(Duration.ofMinutes(1))) {
                // runs until --once, --duration or Ctrl-C ends it
            }
        }
        return 0;
    }

    /** One line per event on stdout, as iperf3's server prints. */
    private record Events(PrintWriter out, NetServerLimits limits) implements NetServerListener {

        @Override
        public void onListening(InetSocketAddress address) {
            say(String.format(Locale.ROOT, "listening on %s:%d (one test at a time, up to %d streams, tests up to %s%s)",
                    address.getAddress().getHostAddress(), address.getPort(), limits.maxStreams(),
                    DiskReport.seconds(limits.maxTestDuration().toMillis()), limits.once() ? ", one test" : ""));
        }

        @Override
        public void onTestStarted(String client, int streams, boolean reverse, long durationMs) {
            say(String.format(Locale.ROOT, "test from %s: %d %s, %s, %s", client, streams, streams == 1 ? "stream" : "streams",
                    DiskReport.seconds(durationMs), reverse ? "server sends (reverse)" : "client sends"));
        }

        @Override
        public void onTestFinished(String client, long bytes, double bytesPerSecond) {
            say(String.format(Locale.ROOT, "test from %s done: %s, %s", client, ByteSize.format(bytes), DataRate.formatBits(bytesPerSecond)));
        }

        @Override
        public void onRejected(String client, String reason) {
            say("refused " + client + ": " + reason);
        }

        @Override
        public void onTestFailed(String client, String reason) {
            say("test from " + client + " failed: " + reason);
        }

        private synchronized void say(String line) {
            out.println(line);
            out.flush();
        }
    }
}
