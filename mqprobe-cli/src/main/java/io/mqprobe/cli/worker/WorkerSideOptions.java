package io.mqprobe.cli.worker;

import io.mqprobe.api.HostPort;
import io.mqprobe.workers.AllowedTargets;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * What a load worker is told on its own side: its coordinator, the clusters it may load and its client settings
 * (picocli mixin of {@code worker} and of {@code k8s render}, which hands the same to every pod).
 */
final class WorkerSideOptions {

    @Option(names = "--coordinator", required = true, paramLabel = "HOST:PORT",
            description = "Where the workers reach the coordinator: its address (or a Service name) and its --listen port.")
    String coordinator;

    @Option(names = "--allow-targets", paramLabel = "CIDR[,CIDR...]", defaultValue = AllowedTargets.LOOPBACK,
            description = "Clusters the workers agree to load (default: ${DEFAULT-VALUE}).")
    String allowTargets;

    @Option(names = "--client-config", paramLabel = "FILE",
            description = "Client settings of the workers' own (truststore paths and the like), over the coordinator's.")
    Path clientConfig;

    HostPort coordinator() {
        return HostPort.parse("--coordinator", coordinator);
    }

    AllowedTargets allowTargets() {
        return AllowedTargets.parse(allowTargets);
    }
}
