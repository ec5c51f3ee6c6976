package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import picocli.CommandLine.Mixin;

import java.time.Duration;

/**
 * The options of an end-to-end load, producers and consumers on one fresh topic at once (picocli mixin of
 * {@code e2e} and {@code chaos}, which differ only in what they do while the load runs).
 */
public final class EndToEndOptions {

    @Mixin
    TopicOptions topic;

    @Mixin
    ProducerOptions producer;

    @Mixin
    ConsumerOptions consumer;

    @Mixin
    RunOptions run;

    /** Both sides of the load on the fresh topic, validated; the producers track acks for the delivery check. */
    public record Load(String topic, ProducerLoadSpec producer, ConsumerLoadSpec consumers) {
    }

    /** Refuses {@code --topic}: an end-to-end load checks delivery on a topic only it writes to. */
    public void requireFreshTopic(String refusal) {
        if (topic.topic() != null) {
            throw new UsageException(refusal);
        }
    }

    /**
     * The load on a fresh {@code mqprobe-<purpose>-*} topic, checked before any cluster starts.
     *
     * @param defaultThroughput records/s when {@code --throughput} is not given
     * @param drain             how long the consumers outlive the producers, so late messages are still counted
     */
    public Load conclude(String purpose, double defaultThroughput, Duration drain) {
        String name = topic.name(purpose);
        ProducerLoadSpec userLoad = producer.conclude(name, true, defaultThroughput);
        ConsumerLoadSpec consumers = consumer.conclude(name, 0, userLoad.duration().plus(drain));
        return new Load(name, userLoad, consumers);
    }

    public TopicOptions topic() {
        return topic;
    }

    /** Warm-up of the load, excluded from the measured figures. */
    public Duration warmup() {
        return producer.warmup();
    }

    public RunOptions run() {
        return run;
    }
}
