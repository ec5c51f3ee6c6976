package io.mqprobe.kafka;

import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link MessageConsumer} over one {@code KafkaConsumer<byte[], byte[]>} in a consumer group.
 * With Kafka's default auto-commit, closing commits what was polled, so group lag reflects it.
 */
final class KafkaMessageConsumer implements MessageConsumer {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration END_OFFSETS_TIMEOUT = Duration.ofSeconds(5);

    private final Consumer<byte[], byte[]> consumer;
    private boolean paused;

    KafkaMessageConsumer(Consumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void subscribe(Collection<String> topics) {
        consumer.subscribe(List.copyOf(topics));
    }

    @Override
    public int poll(Duration timeout, MessageHandler handler) {
        if (paused) {
            // partitions assigned by a rebalance since the pause start unpaused: pause them too before fetching
            consumer.pause(consumer.assignment());
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(timeout);
        for (ConsumerRecord<byte[], byte[]> record : records) {
            handler.onMessage(record.partition(), record.value());
        }
        return records.count();
    }

    @Override
    public void pause(boolean pause) {
        paused = pause;
        if (pause) {
            consumer.pause(consumer.assignment());
        } else {
            consumer.resume(consumer.paused());
        }
    }

    @Override
    public boolean pausePartition(int partition, boolean pause) {
        List<TopicPartition> matching = consumer.assignment().stream().filter(tp -> tp.partition() == partition).toList();
        if (pause) {
            consumer.pause(matching);
        } else {
            consumer.resume(matching);
        }
        return true;
    }

    @Override
    public Map<Integer, Boolean> readToEnd() {
        Set<TopicPartition> assigned = consumer.assignment();
        Map<TopicPartition, Long> ends = consumer.endOffsets(assigned, END_OFFSETS_TIMEOUT);
        Map<Integer, Boolean> atEnd = new HashMap<>();
        for (TopicPartition tp : assigned) {
            Long end = ends.get(tp);
            boolean done = end != null && consumer.position(tp, END_OFFSETS_TIMEOUT) >= end;
            // several topics share partition numbers: a number is read to the end only if it is in every topic
            atEnd.merge(tp.partition(), done, Boolean::logicalAnd);
        }
        return atEnd;
    }

    @Override
    public Map<Integer, Long> startOffsets() {
        Map<Integer, Long> starts = new HashMap<>();
        consumer.beginningOffsets(consumer.assignment(), END_OFFSETS_TIMEOUT)
                .forEach((tp, offset) -> starts.merge(tp.partition(), offset, Math::max));
        return starts;
    }

    @Override
    public void close() {
        consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT));
    }
}
