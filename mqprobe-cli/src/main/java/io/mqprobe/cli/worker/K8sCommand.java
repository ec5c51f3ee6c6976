package io.mqprobe.cli.worker;

import picocli.CommandLine.Command;

/** {@code mqprobe k8s}: what mqprobe needs from Kubernetes, rendered rather than applied (there may be no cluster here). */
@Command(name = "k8s", mixinStandardHelpOptions = true, subcommands = K8sRenderCommand.class,
        description = "Kubernetes manifests for a fleet of load workers.")
public final class K8sCommand {
}
