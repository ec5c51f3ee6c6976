package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.ProcessNode;
import io.mqprobe.embedded.Readiness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Waits until the running brokers serve: each one registered and unfenced in the cluster metadata,
 * and each one answering a request addressed to it. Fails fast with the log tail when a broker exits.
 */
final class ReadinessProbe {

    /**
     * Generous: the first admin call of a cold JVM on a busy 2-core machine takes seconds, and a broker
     * whose port accepts is about to answer anyway; a short timeout would only throw the round away.
     */
    private static final int CALL_TIMEOUT_MS = 10_000;

    private ReadinessProbe() {
    }

    static void await(List<ProcessNode> nodes, Duration timeout) {
        List<ProcessNode> running = nodes.stream().filter(ProcessNode::alive).toList();
        if (running.isEmpty()) {
            return;
        }
        // created while the brokers still start: a cold client takes seconds to load, and this overlaps it
        Admin admin = Admin.create(adminProperties(running));
        try {
            // a broker's client port accepts only once it processes requests: cheap to check first
            Readiness.await(running, timeout, "Kafka brokers",
                    r -> r.stream().allMatch(n -> Readiness.listening(n.host(), n.port(BrokerFiles.PORT))) && serving(admin, r),
                    n -> n.logTail(40, BrokerFiles.of(n).serverLog()));
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    private static boolean serving(Admin admin, List<ProcessNode> running) throws InterruptedException {
        Set<Integer> wanted = ids(running);
        try {
            Set<Integer> unfenced = admin.describeCluster(new DescribeClusterOptions().timeoutMs(CALL_TIMEOUT_MS))
                    .nodes().get(CALL_TIMEOUT_MS + 1000L, TimeUnit.MILLISECONDS)
                    .stream().map(Node::id).collect(Collectors.toSet());
            if (!unfenced.containsAll(wanted)) {
                return false;
            }
            // broker configs are answered by the broker itself: proof that each one processes requests
            List<ConfigResource> resources = wanted.stream()
                    .map(id -> new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(id))).toList();
            for (KafkaFuture<?> f : admin.describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(CALL_TIMEOUT_MS)).values().values()) {
                f.get(CALL_TIMEOUT_MS + 1000L, TimeUnit.MILLISECONDS);
            }
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    private static Properties adminProperties(List<ProcessNode> running) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                running.stream().map(n -> n.host() + ":" + n.port(BrokerFiles.PORT)).collect(Collectors.joining(",")));
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "mqprobe-embedded-readiness");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString(CALL_TIMEOUT_MS));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Integer.toString(CALL_TIMEOUT_MS));
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
        p.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "500");
        return p;
    }

    private static Set<Integer> ids(List<ProcessNode> nodes) {
        return nodes.stream().map(ProcessNode::id).collect(Collectors.toCollection(java.util.TreeSet::new));
    }
}
