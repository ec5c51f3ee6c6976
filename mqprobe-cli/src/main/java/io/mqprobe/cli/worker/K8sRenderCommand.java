package io.mqprobe.cli.worker;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.CommandDefaults;
import io.mqprobe.cli.options.ControlTlsOptions;
import io.mqprobe.workers.ControlTlsFiles;
import io.mqprobe.workers.PrivateFiles;
import io.mqprobe.workers.WorkerToken;
import io.mqprobe.workers.k8s.WorkerManifests;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code mqprobe k8s render}: the Job, Secret and ConfigMap of N workers, and the worker image's Dockerfile. */
@Command(name = "render", mixinStandardHelpOptions = true, defaultValueProvider = K8sRenderCommand.Defaults.class,
        description = {"Writes workers.yaml (an Indexed Job of N 'mqprobe worker' pods spread over nodes, the token as a "
                + "Secret, the workers' client settings as a ConfigMap) and Dockerfile.worker to --out; nothing is applied.",
                "Then: kubectl apply -f workers.yaml, and run the load command with --workers N --listen 0.0.0.0:PORT "
                        + "--token-file TOKEN (and the same --control-tls flags, when given; see docs/distributed.md)."})
public final class K8sRenderCommand implements Callable<Integer> {

    /** Pods load the clusters of their own network, not their loopback. */
    static final class Defaults extends CommandDefaults {
        Defaults() {
            super(Map.of("--allow-targets", "10.0.0.0/8"));
        }
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--workers", required = true, paramLabel = "N", description = "Worker pods.")
    int workers;

    @Mixin
    WorkerSideOptions side;

    @Option(names = "--image", paramLabel = "IMAGE", defaultValue = "mqprobe:latest",
            description = "The worker image, built from Dockerfile.worker (default: ${DEFAULT-VALUE}).")
    String image;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "default", description = "Namespace (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--worker-cpu", paramLabel = "QUANTITY", defaultValue = "2",
            description = "CPU request and limit of each pod (default: ${DEFAULT-VALUE}).")
    String cpu;

    @Option(names = "--worker-memory", paramLabel = "QUANTITY", defaultValue = "2Gi",
            description = "Memory request and limit of each pod (default: ${DEFAULT-VALUE}).")
    String memory;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The shared secret; without it a new one is written to OUT/token (mode 600) for the coordinator.")
    Path tokenFile;

    @Mixin
    ControlTlsOptions controlTls;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "k8s", description = "Where the files go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        // checked here, before anything is written; the manifests carry them as typed, for each pod's own worker to parse
        side.coordinator();
        side.allowTargets();
        String settings = side.clientConfig == null ? "" : read(side.clientConfig);
        WorkerToken token = tokenFile == null ? WorkerToken.random() : WorkerToken.read(tokenFile);
        ControlTlsFiles tls = controlTls.files();
        WorkerManifests manifests;
        try {
            manifests = new WorkerManifests(workers, side.coordinator, image, namespace, cpu, memory, side.allowTargets,
                    token.reveal(), settings, tls);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new UsageException("bad worker resources (--worker-cpu " + cpu + ", --worker-memory " + memory + ", --workers "
                    + workers + "): " + e.getMessage());
        }
        Files.createDirectories(out);
        // the Secret in it holds the token: only its owner reads the file
        PrivateFiles.write(out.resolve("workers.yaml"), manifests.yaml());
        Files.writeString(out.resolve("Dockerfile.worker"), WorkerManifests.dockerfile());
        stdout.println("wrote " + out.resolve("workers.yaml") + " (Secret" + (tls == null ? "" : " with the control channel's keystore")
                + ", ConfigMap, Indexed Job of " + workers + " workers) and " + out.resolve("Dockerfile.worker"));
        if (tokenFile == null) {
            token.writeTo(out.resolve("token"));
            stdout.println("wrote a new token to " + out.resolve("token") + " (mode 600): give it to the coordinator with --token-file");
        }
        return 0;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UsageException("cannot read --client-config " + file + ": " + e.getMessage());
        }
    }
}
