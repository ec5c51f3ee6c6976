package io.mqprobe.monitor.profile;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The part rules on stacks sampled from real brokers and a real client (test resources {@code profile/*.folded}: the
 * folded files of short probes, their most frequent stacks kept; how each was made is in its first line).
 */
class SubsystemsTest {

    /** Samples per part of one captured file's stacks whose pool is {@code pool} (null: every pool). */
    private static Map<String, Long> parts(String file, String pool, boolean broker) throws IOException {
        Map<String, Long> parts = new TreeMap<>();
        try (InputStream in = SubsystemsTest.class.getResourceAsStream("/profile/" + file)) {
            assertThat(in).as(file).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int space = line.lastIndexOf(' ');
                List<String> stack = new ArrayList<>(Arrays.asList(line.substring(0, space).split(";")));
                String linePool = stack.remove(0);
                if (pool != null && !pool.equals(linePool)) {
                    continue;
                }
                Collections.reverse(stack);   // running frame first
                parts.merge(Subsystems.part(stack, linePool, broker), Long.parseLong(line.substring(space + 1)), Long::sum);
            }
        }
        return parts;
    }

    private static String largest(Map<String, Long> parts) {
        return parts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    private static double share(Map<String, Long> parts, String part) {
        return (double) parts.getOrDefault(part, 0L) / parts.values().stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void should_put_a_recompressing_brokers_handlers_mostly_in_gzip() throws IOException {
        Map<String, Long> handlers = parts("gzip-recompression-broker.folded", "request handlers", true);

        assertThat(largest(handlers)).isEqualTo(Subsystems.GZIP);
        assertThat(share(handlers, "TLS")).isZero();
    }

    @Test
    void should_put_tls_where_a_plaintext_broker_has_none() throws IOException {
        Map<String, Long> tls = parts("tls-broker.folded", null, true);
        Map<String, Long> plaintext = parts("plaintext-produce-broker.folded", null, true);

        assertThat(share(tls, Subsystems.TLS)).isGreaterThan(0.15);
        assertThat(share(plaintext, Subsystems.TLS)).isZero();
        assertThat(share(plaintext, Subsystems.GZIP)).isZero();
        assertThat(plaintext).containsKeys("log append", "network I/O");
    }

    @Test
    void should_put_a_followers_fetcher_threads_in_replication() throws IOException {
        Map<String, Long> fetchers = parts("replica-fetch-broker.folded", "replica fetchers", true);

        assertThat(largest(fetchers)).isEqualTo(Subsystems.FOLLOWER);
    }

    @Test
    void should_read_the_client_by_its_own_rules() throws IOException {
        Map<String, Long> client = parts("plaintext-produce-client.folded", null, false);

        assertThat(client.keySet()).doesNotContain("produce validation", "log append", "request handling");
        assertThat(client).containsKey("record batching");
    }

    @Test
    void should_name_pools_by_thread_name_with_numbers_blurred() {
        assertThat(Subsystems.pool("data-plane-kafka-request-handler-3")).isEqualTo("request handlers");
        assertThat(Subsystems.pool("ReplicaFetcherThread-0-2")).isEqualTo("replica fetchers");
        assertThat(Subsystems.pool("kafka-producer-network-thread | producer-12")).isEqualTo("client I/O thread");
        assertThat(Subsystems.pool("mqprobe-send-7")).isEqualTo("client send threads");
        assertThat(Subsystems.pool("some-pool-12-thread-3")).isEqualTo("some-pool-N-thread-N");
    }

    @Test
    void should_count_a_jar_inflated_while_loading_a_class_as_class_loading_not_gzip() {
        List<String> loading = List.of("java.util.zip.Inflater.inflateBytesBytes", "java.util.zip.Inflater.inflate",
                "java.util.zip.InflaterInputStream.read", "jdk.internal.loader.Resource.getBytes",
                "jdk.internal.loader.BuiltinClassLoader.defineClass", "java.lang.ClassLoader.loadClass",
                "io.mqprobe.run.RunSession.run", "java.lang.Thread.run");
        List<String> compressing = List.of("java.util.zip.Inflater.inflateBytesBytes", "java.util.zip.Inflater.inflate",
                "org.apache.kafka.common.compress.GzipCompression.wrapForInput", "kafka.server.KafkaApis.handle");

        assertThat(Subsystems.part(loading, "main", false)).isEqualTo("class loading");
        assertThat(Subsystems.part(compressing, "request handlers", true)).isEqualTo(Subsystems.GZIP);
    }
}
