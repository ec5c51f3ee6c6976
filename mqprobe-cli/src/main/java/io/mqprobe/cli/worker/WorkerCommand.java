package io.mqprobe.cli.worker;

import io.mqprobe.api.Drivers;
import io.mqprobe.api.HostPort;
import io.mqprobe.cli.options.ControlTlsOptions;
import io.mqprobe.run.ClientProperties;
import io.mqprobe.run.ExitCode;
import io.mqprobe.workers.AllowedTargets;
import io.mqprobe.workers.ControlTls;
import io.mqprobe.workers.WorkerServer;
import io.mqprobe.workers.WorkerToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code mqprobe worker}: load from this machine for a coordinator elsewhere. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"A load worker: joins a coordinator (a load command run with --workers N) and runs the producer "
                + "shares it is given, answering each second with their figures, until the coordinator is gone.",
                "Loads only clusters inside --allow-targets; accepts orders only with the shared token."})
public final class WorkerCommand implements Callable<Integer> {

    /** A coordinator silent this long is gone: the worker stops its load and exits. */
    static final Duration COORDINATOR_LOSS = Duration.ofSeconds(10);
    /** A share nobody asked about for this long is stopped (its coordinator stopped polling it). */
    static final Duration ORPHAN_AFTER = Duration.ofSeconds(10);

    @Spec
    CommandSpec spec;

    @Mixin
    WorkerSideOptions side;

    @Option(names = "--token-file", required = true, paramLabel = "FILE",
            description = "The shared secret (first line of the file, at least 16 characters); never printed.")
    Path tokenFile;

    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "0.0.0.0:0",
            description = "Where this worker takes orders (default: ${DEFAULT-VALUE}, any free port).")
    String listen;

    @Option(names = "--name", paramLabel = "NAME", description = "How the coordinator's results name this worker (default: host-pid).")
    String name;

    @Mixin
    ControlTlsOptions controlTls;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        WorkerToken token = WorkerToken.read(tokenFile);
        AllowedTargets allowed = side.allowTargets();
        ControlTls tls = controlTls.conclude();
        URI coordinatorUrl = side.coordinator().uri(ControlTls.scheme(tls));
        HostPort listenOn = HostPort.parse("--listen", listen);
        String workerName = name != null ? name
                : java.net.InetAddress.getLocalHost().getHostName() + "-" + ProcessHandle.current().pid();
        Map<String, String> localSettings = side.clientConfig == null ? Map.of() : ClientProperties.load(side.clientConfig);
        WorkerServer server = WorkerServer.start(workerName, listenOn.socketAddress(), token, tls,
                allowed, Drivers::connect, localSettings, ORPHAN_AFTER, err);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "mqprobe-worker-stop"));
        try {
            server.join(coordinatorUrl, COORDINATOR_LOSS);
        } catch (IOException e) {
            server.close();
            err.println("mqprobe worker: cannot join the coordinator at " + side.coordinator + ": " + e.getMessage());
            return ExitCode.UNREACHABLE;
        }
        out.println("worker " + workerName + " takes orders on " + server.url() + "; joined " + coordinatorUrl);
        out.flush();
        while (!server.awaitClosed(Duration.ofMinutes(1))) {
            // serves until its coordinator is gone or the process is stopped
        }
        return ExitCode.OK;
    }
}
