package io.mqprobe.workers.k8s;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.mqprobe.workers.ControlTlsFiles;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes objects that run N load workers: an Indexed Job of N pods spread over nodes (each
 * {@code mqprobe worker --name worker-<index>}), the token as a Secret and the workers' own client settings as a
 * ConfigMap; with TLS on the control channel, its keystore and password in the same Secret. Built with the fabric8 model classes and written as YAML, one document per object.
 *
 * @param workers        pods, one worker each
 * @param coordinator    {@code HOST:PORT} the workers join (the coordinator's {@code --listen}, reachable from the pods)
 * @param image          the worker image (built from the Dockerfile {@link #dockerfile()} writes)
 * @param namespace      where the objects go
 * @param cpu            each pod's CPU request and limit (a Kubernetes quantity: {@code 2}, {@code 1500m})
 * @param memory         each pod's memory request and limit ({@code 2Gi})
 * @param allowTargets   the clusters the workers agree to load (CIDRs)
 * @param token          the shared secret, written into the Secret only
 * @param clientSettings the workers' own client settings (truststore paths and the like), {@code key=value} lines
 * @param controlTls     the control channel's keystore and password, into the Secret beside the token; {@code null}
 *                       for plain HTTP
 */
public record WorkerManifests(int workers, String coordinator, String image, String namespace, String cpu, String memory,
                              String allowTargets, String token, String clientSettings, ControlTlsFiles controlTls) {

    public static final String NAME = "mqprobe-workers";
    static final String APP_LABEL = "mqprobe-worker";
    static final String TOKEN_DIR = "/etc/mqprobe/token";
    static final String SETTINGS_DIR = "/etc/mqprobe/client";
    static final int WORKER_PORT = 7802;
    static final String KEYSTORE = "control.p12";
    static final String KEYSTORE_PASSWORD = "control-password";

    /** Workers on a plain HTTP control channel. */
    public WorkerManifests(int workers, String coordinator, String image, String namespace, String cpu, String memory,
                           String allowTargets, String token, String clientSettings) {
        this(workers, coordinator, image, namespace, cpu, memory, allowTargets, token, clientSettings, null);
    }

    public WorkerManifests {
        if (workers < 1 || workers > 1000) {
            throw new IllegalArgumentException("--workers must be between 1 and 1000, got " + workers);
        }
        // the quantities are checked by the model's own parser, as Kubernetes would
        Quantity.getAmountInBytes(new Quantity(memory));
        Quantity.getAmountInBytes(new Quantity(cpu));
    }

    /** Without the token: a record's own text would print it. */
    @Override
    public String toString() {
        return "WorkerManifests[" + workers + " workers of " + image + " joining " + coordinator + " in " + namespace + "]";
    }

    /** The token, and with TLS the keystore (base64, as a Secret's data must be) and its password. */
    public Secret secret() {
        SecretBuilder secret = new SecretBuilder().withNewMetadata().withName(NAME + "-token").withNamespace(namespace).endMetadata()
                .withType("Opaque");
        if (controlTls == null) {
            return secret.withStringData(Map.of("token", token)).build();
        }
        return secret.withStringData(Map.of("token", token, KEYSTORE_PASSWORD, controlTls.password()))
                .withData(Map.of(KEYSTORE, java.util.Base64.getEncoder().encodeToString(controlTls.keystore()))).build();
    }

    public ConfigMap clientSettingsMap() {
        return new ConfigMapBuilder().withNewMetadata().withName(NAME + "-client").withNamespace(namespace).endMetadata()
                .withData(Map.of("client.properties", clientSettings)).build();
    }

    public Job job() {
        Map<String, Quantity> resources = Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory));
        List<String> args = new ArrayList<>(List.of("worker", "--coordinator", coordinator,
                "--token-file", TOKEN_DIR + "/token",
                // Kubernetes sets JOB_COMPLETION_INDEX in every pod of an Indexed Job and expands $(VAR) in args
                "--name", "worker-$(JOB_COMPLETION_INDEX)",
                "--listen", "0.0.0.0:" + WORKER_PORT,
                "--allow-targets", allowTargets,
                "--client-config", SETTINGS_DIR + "/client.properties"));
        if (controlTls != null) {
            args.addAll(List.of("--control-tls", TOKEN_DIR + "/" + KEYSTORE, "--control-tls-password-file", TOKEN_DIR + "/" + KEYSTORE_PASSWORD));
        }
        PodTemplateSpec pod = new PodTemplateSpecBuilder()
                .withNewMetadata().withLabels(Map.of("app", APP_LABEL)).endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                // one worker per node where the nodes allow: workers on one node share its NIC and cores
                .withNewAffinity().withNewPodAntiAffinity().addNewPreferredDuringSchedulingIgnoredDuringExecution()
                .withWeight(100).withNewPodAffinityTerm().withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector().withMatchLabels(Map.of("app", APP_LABEL)).endLabelSelector()
                .endPodAffinityTerm().endPreferredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity().endAffinity()
                .addNewContainer().withName("worker").withImage(image).withArgs(args)
                .addNewPort().withName("control").withContainerPort(WORKER_PORT).endPort()
                .withNewResources().withRequests(resources).withLimits(resources).endResources()
                .addNewVolumeMount().withName("token").withMountPath(TOKEN_DIR).withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("client").withMountPath(SETTINGS_DIR).withReadOnly(true).endVolumeMount()
                .endContainer()
                .addNewVolume().withName("token").withNewSecret().withSecretName(NAME + "-token").withDefaultMode(0400)
                .endSecret().endVolume()
                .addNewVolume().withName("client").withNewConfigMap().withName(NAME + "-client").endConfigMap().endVolume()
                .endSpec().build();
        return new JobBuilder().withNewMetadata().withName(NAME).withNamespace(namespace).endMetadata()
                .withNewSpec().withCompletionMode("Indexed").withCompletions(workers).withParallelism(workers)
                // a worker that fails is one load generator fewer for this run, not one to restart mid-measurement
                .withBackoffLimit(0)
                .withTemplate(pod).endSpec().build();
    }

    /** Secret, ConfigMap and Job as one YAML stream. */
    public String yaml() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
        try {
            return "# mqprobe load workers: kubectl apply -f this file, then run the coordinator with --workers " + workers
                    + " --listen 0.0.0.0:" + coordinator.substring(coordinator.lastIndexOf(':') + 1) + "\n"
                    + yaml.writeValueAsString(secret()) + "---\n" + yaml.writeValueAsString(clientSettingsMap()) + "---\n"
                    + yaml.writeValueAsString(job());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The worker image: mqprobe's jars on a JRE, {@code mqprobe} as the entry point. */
    public static String dockerfile() {
        return """
                # the mqprobe worker image: build from the repository root after `mvn -DskipTests install`
                #   docker build -f Dockerfile.worker -t IMAGE . && docker push IMAGE
                FROM eclipse-temurin:17-jre
                COPY mqprobe-cli/target/lib/ /opt/mqprobe/lib/
                COPY mqprobe-cli/target/mqprobe-cli.jar /opt/mqprobe/lib/
                USER 65532
                ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+UseG1GC", "-cp", "/opt/mqprobe/lib/*", "io.mqprobe.cli.Main"]
                CMD ["worker", "--help"]
                """;
    }
}
