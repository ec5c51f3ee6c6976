package io.mqprobe.workers.k8s;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerManifestsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String TOKEN = "a-token-that-is-long-enough-0123";

    private static WorkerManifests eight() {
        return new WorkerManifests(8, "mqprobe-coordinator:7801", "registry.example/mqprobe:1", "load", "1500m", "2Gi",
                "10.0.0.0/8", TOKEN, "ssl.truststore.location=/etc/ssl/kafka.jks\n");
    }

    /** The rendered stream, split into its documents and read back by the Kubernetes model classes. */
    private static String[] documents() {
        String[] docs = eight().yaml().split("(?m)^---$");
        assertThat(docs).hasSize(3);
        return docs;
    }

    @Test
    void should_render_an_indexed_job_of_n_workers_spread_over_nodes_that_parses_as_kubernetes_objects() throws Exception {
        Job job = YAML.readValue(documents()[2], Job.class);

        assertThat(job.getApiVersion()).isEqualTo("batch/v1");
        assertThat(job.getKind()).isEqualTo("Job");
        assertThat(job.getMetadata().getNamespace()).isEqualTo("load");
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getCompletions()).isEqualTo(8);
        assertThat(job.getSpec().getParallelism()).isEqualTo(8);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        assertThat(pod.getAffinity().getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution().get(0)
                .getPodAffinityTerm().getTopologyKey()).isEqualTo("kubernetes.io/hostname");
        Container worker = pod.getContainers().get(0);
        assertThat(worker.getImage()).isEqualTo("registry.example/mqprobe:1");
        assertThat(worker.getArgs()).containsSubsequence("worker", "--coordinator", "mqprobe-coordinator:7801")
                .contains("worker-$(JOB_COMPLETION_INDEX)", "--token-file", "10.0.0.0/8", "--client-config");
        assertThat(worker.getResources().getLimits()).containsEntry("cpu", new Quantity("1500m")).containsEntry("memory", new Quantity("2Gi"));
        assertThat(worker.getResources().getRequests()).isEqualTo(worker.getResources().getLimits());
        assertThat(pod.getVolumes()).extracting(v -> v.getSecret() != null ? v.getSecret().getSecretName() : v.getConfigMap().getName())
                .containsExactly("mqprobe-workers-token", "mqprobe-workers-client");
        assertThat(documents()[2]).doesNotContain(TOKEN);
    }

    @Test
    void should_hold_the_token_only_in_the_secret_and_the_client_settings_in_the_config_map() throws Exception {
        Secret secret = YAML.readValue(documents()[0], Secret.class);
        ConfigMap settings = YAML.readValue(documents()[1], ConfigMap.class);

        assertThat(secret.getKind()).isEqualTo("Secret");
        assertThat(secret.getStringData()).containsEntry("token", TOKEN);
        assertThat(settings.getData().get("client.properties")).contains("ssl.truststore.location");
        assertThat(eight().toString()).as("its text never prints the token").doesNotContain(TOKEN);
    }

    @Test
    void should_refuse_resources_kubernetes_would_refuse() {
        assertThatThrownBy(() -> new WorkerManifests(2, "c:7801", "i", "default", "lots", "2Gi", "10.0.0.0/8", TOKEN, ""))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> new WorkerManifests(0, "c:7801", "i", "default", "1", "2Gi", "10.0.0.0/8", TOKEN, ""))
                .hasMessageContaining("between 1 and 1000");
    }
}
