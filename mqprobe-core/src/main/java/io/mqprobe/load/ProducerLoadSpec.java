package io.mqprobe.load;

import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.api.UsageException;

import java.time.Duration;
import java.util.Map;

/**
 * What load to offer. Validated once here, before anything runs.
 *
 * @param topic                   destination topic
 * @param clients                 independent producer instances (the field starts many producer processes)
 * @param threadsPerClient        sender threads per instance; each is one sequence stream
 * @param sync                    one message in flight per thread (like a synchronous REST wrapper)
 * @param recordSizeBytes         body size, at least {@link MessageStamp#SIZE_BYTES}
 * @param targetRecordsPerSecond  total offered rate over all threads; 0 = as fast as possible
 * @param maxRecords              total records to send; 0 = until {@code duration} ends
 * @param duration                upper bound on sending time, always set so every run stops by itself
 * @param payload                 what bodies are made of
 * @param producerProperties      native client settings, passed through
 * @param trackAcks               remember every acknowledged sequence so a consumer can prove nothing was lost
 * @param moreTopics              further destinations besides {@code topic} (many-topics load): sender thread
 *                                {@code i} writes to {@link #destinations()}{@code [i % size]}; empty for one topic
 * @param keys                    which key each message carries (none unless asked: keys move messages between
 *                                partitions and cost the sticky partitioner's batching)
 */
public record ProducerLoadSpec(String topic, int clients, int threadsPerClient, boolean sync, int recordSizeBytes,
                               double targetRecordsPerSecond, long maxRecords, Duration duration,
                               PayloadSpec payload, Map<String, String> producerProperties, boolean trackAcks,
                               java.util.List<String> moreTopics, KeyDistributor keys) {

    public static final int MAX_STREAMS = 4096;

    public ProducerLoadSpec {
        if (topic == null || topic.isBlank()) {
            throw new UsageException("a topic is required");
        }
        if (clients < 1 || threadsPerClient < 1 || (long) clients * threadsPerClient > MAX_STREAMS) {
            throw new UsageException("clients × threads must be between 1 and " + MAX_STREAMS
                    + ", got " + clients + " × " + threadsPerClient);
        }
        if (recordSizeBytes < MessageStamp.SIZE_BYTES || recordSizeBytes > 64 << 20) {
            throw new UsageException("record size must be between " + MessageStamp.SIZE_BYTES
                    + " bytes (mqprobe stamps producer id, sequence and send time) and 64 MiB, got " + recordSizeBytes);
        }
        if (targetRecordsPerSecond < 0 || Double.isNaN(targetRecordsPerSecond)) {
            throw new UsageException("throughput must be positive (or -1 / 0 for unthrottled), got " + targetRecordsPerSecond);
        }
        if (maxRecords < 0) {
            throw new UsageException("number of records must not be negative, got " + maxRecords);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new UsageException("duration must be positive");
        }
        producerProperties = Map.copyOf(producerProperties);
        moreTopics = moreTopics == null ? java.util.List.of() : java.util.List.copyOf(moreTopics);
        keys = keys == null ? KeyDistributor.NO_KEY : keys;
    }

    /** Without keys, as most loads are. */
    public ProducerLoadSpec(String topic, int clients, int threadsPerClient, boolean sync, int recordSizeBytes,
                            double targetRecordsPerSecond, long maxRecords, Duration duration,
                            PayloadSpec payload, Map<String, String> producerProperties, boolean trackAcks,
                            java.util.List<String> moreTopics) {
        this(topic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond, maxRecords, duration, payload,
                producerProperties, trackAcks, moreTopics, KeyDistributor.NO_KEY);
    }

    /** One topic, as most loads have. */
    public ProducerLoadSpec(String topic, int clients, int threadsPerClient, boolean sync, int recordSizeBytes,
                            double targetRecordsPerSecond, long maxRecords, Duration duration,
                            PayloadSpec payload, Map<String, String> producerProperties, boolean trackAcks) {
        this(topic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond, maxRecords, duration, payload,
                producerProperties, trackAcks, java.util.List.of(), KeyDistributor.NO_KEY);
    }

    /** Every topic this load writes to, {@code topic} first. */
    public java.util.List<String> destinations() {
        java.util.List<String> all = new java.util.ArrayList<>(1 + moreTopics.size());
        all.add(topic);
        all.addAll(moreTopics);
        return all;
    }

    public int streams() {
        return clients * threadsPerClient;
    }

    public boolean paced() {
        return targetRecordsPerSecond > 0;
    }

    public ProducerLoadSpec withClients(int newClients) {
        return new ProducerLoadSpec(topic, newClients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond,
                maxRecords, duration, payload, producerProperties, trackAcks, moreTopics, keys);
    }

    /** The same load on another topic (a planner's fresh topic per scenario). */
    public ProducerLoadSpec withTopic(String newTopic) {
        return new ProducerLoadSpec(newTopic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond,
                maxRecords, duration, payload, producerProperties, trackAcks, moreTopics, keys);
    }

    /** The same load over native {@code defaults} (a driver's, for a kind of run): this spec's own settings win. */
    public ProducerLoadSpec withDefaults(Map<String, String> defaults) {
        Map<String, String> merged = new java.util.LinkedHashMap<>(defaults);
        merged.putAll(producerProperties);
        return new ProducerLoadSpec(topic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond,
                maxRecords, duration, payload, merged, trackAcks, moreTopics, keys);
    }

    public ProducerLoadSpec withDuration(Duration newDuration) {
        return new ProducerLoadSpec(topic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond,
                maxRecords, newDuration, payload, producerProperties, trackAcks, moreTopics, keys);
    }

    /** The same load offered at {@code recordsPerSecond} over all its senders (0: unthrottled). */
    public ProducerLoadSpec withTargetRate(double recordsPerSecond) {
        return new ProducerLoadSpec(topic, clients, threadsPerClient, sync, recordSizeBytes, recordsPerSecond,
                maxRecords, duration, payload, producerProperties, trackAcks, moreTopics, keys);
    }

    /**
     * This load split over {@code workers}: its clients dealt out as evenly as they go (never a share without one, so
     * fewer shares than workers when clients are few), the offered rate and a record budget in proportion to each
     * share's clients, so every sender stream keeps the pace and budget it has in the whole load. A share whose part of
     * a small record budget rounds to nothing is left out (0 would mean "no budget").
     */
    public java.util.List<ProducerLoadSpec> shares(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("a load needs at least one worker, got " + workers);
        }
        int count = Math.min(workers, clients);
        if (count == 1) {
            return java.util.List.of(this);
        }
        java.util.List<ProducerLoadSpec> shares = new java.util.ArrayList<>(count);
        int clientsBefore = 0;
        for (int i = 0; i < count; i++) {
            int shareClients = clients / count + (i < clients % count ? 1 : 0);
            // records up to the share's last client, rounded down, minus those before it: the shares add up exactly
            long records = maxRecords * (clientsBefore + shareClients) / clients - maxRecords * clientsBefore / clients;
            clientsBefore += shareClients;
            if (maxRecords > 0 && records == 0) {
                continue;
            }
            shares.add(new ProducerLoadSpec(topic, shareClients, threadsPerClient, sync, recordSizeBytes,
                    targetRecordsPerSecond * shareClients / clients, records, duration, payload, producerProperties, trackAcks,
                    moreTopics, keys));
        }
        return shares;
    }

    /** The same load with keys chosen by {@code newKeys}. */
    public ProducerLoadSpec withKeys(KeyDistributor newKeys) {
        return new ProducerLoadSpec(topic, clients, threadsPerClient, sync, recordSizeBytes, targetRecordsPerSecond,
                maxRecords, duration, payload, producerProperties, trackAcks, moreTopics, newKeys);
    }
}
