package io.mqprobe.cli.options;

import io.mqprobe.api.HostPort;
import io.mqprobe.api.UsageException;
import io.mqprobe.run.WorkerPlan;
import io.mqprobe.workers.ControlTls;
import io.mqprobe.workers.WorkerLoss;
import io.mqprobe.workers.WorkerToken;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Where the load runs: in this process, in worker JVMs started here, or in workers that join (picocli mixin of every load command). */
public final class WorkerOptions {

    /**
     * How a worker JVM started by {@code --workers local:N} runs: this command line's {@code worker} command. The main
     * class by name, so that the options do not depend on the package that lists every command (a test holds the two
     * together).
     */
    static final List<String> WORKER_ENTRY_POINT = List.of("io.mqprobe.cli.Main", "worker");

    static final int DEFAULT_PORT = 7801;

    @Option(names = "--workers", paramLabel = "SPEC", defaultValue = "in-process",
            description = "Where the producers run: in-process (default), local:N (N worker JVMs this command starts here), "
                    + "or N (wait for N 'mqprobe worker' processes to join on --listen, started anywhere). A step's clients "
                    + "and rate are split over the workers; their per-second figures merge exactly.")
    String workers;

    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "0.0.0.0:" + DEFAULT_PORT,
            description = "Where workers join, with --workers N (default: ${DEFAULT-VALUE}).")
    String listen;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The secret every worker must present, with --workers N (its first line; at least 16 characters).")
    Path tokenFile;

    @Option(names = "--on-worker-loss", paramLabel = "stop|continue", defaultValue = "stop",
            description = "When a worker stops answering mid-step: stop the run with what was measured (default), or "
                    + "continue with the others, its share missing from then on and said so.")
    String onWorkerLoss;

    @Mixin
    ControlTlsOptions controlTls;

    @Option(names = "--join-timeout", paramLabel = "DURATION", defaultValue = "5m", converter = DurationConverter.class,
            description = "How long to wait for the workers to join, with --workers N (default: ${DEFAULT-VALUE}).")
    Duration joinTimeout;

    /** Validates the flags; called before the session opens. */
    public WorkerPlan conclude() {
        String spec = workers.strip();
        if (spec.equals("in-process")) {
            if (controlTls.keystore != null) {
                throw new UsageException("--control-tls secures the channel to load workers: it needs --workers local:N or N");
            }
            return new WorkerPlan.InProcess();
        }
        WorkerLoss onLoss = switch (onWorkerLoss.strip()) {
            case "stop" -> WorkerLoss.STOP;
            case "continue" -> WorkerLoss.CONTINUE;
            default -> throw new UsageException("bad --on-worker-loss '" + onWorkerLoss + "': expected stop or continue");
        };
        ControlTls tls = controlTls.conclude();
        if (spec.startsWith("local:")) {
            return new WorkerPlan.Local(count(spec.substring("local:".length()), spec), onLoss, tls, WORKER_ENTRY_POINT,
                    controlTls.forLocalWorker());
        }
        int count = count(spec, spec);
        if (tokenFile == null) {
            throw new UsageException("--workers " + count + " needs --token-file: workers that join must prove the shared secret");
        }
        return new WorkerPlan.Joining(count, HostPort.parse("--listen", listen).socketAddress(), WorkerToken.read(tokenFile), joinTimeout,
                onLoss, tls);
    }

    private static int count(String text, String spec) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= 1 && n <= 64) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new UsageException("bad --workers '" + spec + "': expected in-process, local:N or N, with N from 1 to 64");
    }
}
