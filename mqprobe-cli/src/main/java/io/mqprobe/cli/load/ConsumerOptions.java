package io.mqprobe.cli.load;

import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.run.ClientProperties;
import io.mqprobe.run.TopicLifecycle;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The consumer side of a load (picocli mixin of {@code consume} and {@code e2e}). */
public final class ConsumerOptions {

    @Option(names = "--group", paramLabel = "GROUP", description = "Consumer group (default: a fresh mqprobe-* group).")
    String group;

    @Option(names = "--consumer-threads", paramLabel = "N", defaultValue = "1",
            description = "Consumer instances, one thread each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--consumer-props", arity = "1..*", paramLabel = "K=V",
            description = "Consumer settings, e.g. fetch.min.bytes=1048576 max.poll.records=2000.")
    List<String> consumerProps = new ArrayList<>();

    @Option(names = "--consumer.config", paramLabel = "FILE", description = "Consumer settings file (overridden by --consumer-props).")
    Path consumerConfig;

    /** The group name, generated once when not given. */
    public String group() {
        if (group == null) {
            group = TopicLifecycle.freshName("group");
        }
        return group;
    }

    /**
     * The validated consumer load. A new group reads from the first offset, like kafka-consumer-perf-test: every
     * driver defaults to it (Kafka {@code auto.offset.reset=earliest}, RocketMQ {@code CONSUME_FROM_FIRST_OFFSET}),
     * so no driver's setting names appear here.
     */
    public ConsumerLoadSpec conclude(String topic, long maxRecords, Duration duration) {
        Map<String, String> props = new LinkedHashMap<>();
        props.putAll(ClientProperties.merge(consumerConfig, "--consumer-props", consumerProps));
        return new ConsumerLoadSpec(List.of(topic), group(), threads, maxRecords, duration, props);
    }
}
