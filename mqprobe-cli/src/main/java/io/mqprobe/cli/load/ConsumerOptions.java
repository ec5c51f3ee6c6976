package io.mqprobe.cli.load;

import io.mqprobe.cli.options.ConsumerSettingsOptions;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.run.TopicLifecycle;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;

/** The consumer side of a load (picocli mixin of {@code consume} and {@code e2e}). */
public final class ConsumerOptions {

    @Option(names = "--group", paramLabel = "GROUP", description = "Consumer group (default: a fresh mqprobe-* group).")
    String group;

    @Mixin
    ConsumerSettingsOptions settings;

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
        return new ConsumerLoadSpec(List.of(topic), group(), settings.threads(), maxRecords, duration, settings.properties());
    }
}
