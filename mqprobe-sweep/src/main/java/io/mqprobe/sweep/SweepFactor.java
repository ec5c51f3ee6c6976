package io.mqprobe.sweep;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One setting a sweep varies and the values it tries; the first value is the baseline every other is
 * compared with. Parsed from {@code KEY=V1,V2,...}: {@code record-size}, {@code clients},
 * {@code partitions}, {@code replication-factor}, {@code consumer-threads}, {@code broker:KEY} (a broker
 * setting, changed on every broker), a consumer setting ({@code fetch.*}, {@code max.poll.records},
 * {@code max.partition.fetch.bytes}) or else a producer setting (checked against the client later).
 */
public record SweepFactor(Kind kind, String key, List<String> values) {

    /** Where a value goes: the producer, the record, the topic, the consumer or the brokers. */
    public enum Kind {
        PRODUCER, RECORD_SIZE, CLIENTS, PARTITIONS, REPLICATION, CONSUMER_THREADS, CONSUMER, BROKER;

        /** Measured by consuming a backlog rather than by producing. */
        public boolean consumes() {
            return this == CONSUMER || this == CONSUMER_THREADS;
        }
    }

    public static final String BROKER_PREFIX = "broker:";
    private static final List<String> CONSUMER_KEYS = List.of("fetch.min.bytes", "fetch.max.bytes", "fetch.max.wait.ms",
            "max.partition.fetch.bytes", "max.poll.records", "receive.buffer.bytes");
    private static final int MAX_VALUES = 12;

    public SweepFactor {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        values = List.copyOf(values);
        if (values.size() < 2 || values.size() > MAX_VALUES) {
            throw new UsageException("--vary " + key + " needs 2 to " + MAX_VALUES + " values, got " + values.size());
        }
        if (values.stream().distinct().count() != values.size()) {
            throw new UsageException("--vary " + key + " lists a value twice: " + values);
        }
        for (String v : values) {
            checkValue(kind, key, v);
        }
    }

    /** Parses {@code KEY=V1,V2,...}; @throws UsageException with one line naming what is wrong */
    public static SweepFactor parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new UsageException("--vary takes KEY=V1,V2,..., got '" + text + "'");
        }
        String key = text.substring(0, eq).trim();
        List<String> values = Arrays.stream(text.substring(eq + 1).split(",")).map(String::trim).toList();
        if (values.stream().anyMatch(String::isEmpty)) {
            throw new UsageException("--vary " + key + " has an empty value in '" + text + "'");
        }
        return new SweepFactor(kindOf(key), key, values);
    }

    /** The setting's name without the {@code broker:} prefix. */
    public String settingName() {
        return kind == Kind.BROKER ? key.substring(BROKER_PREFIX.length()) : key;
    }

    /** The baseline: the first value given. */
    public String baseline() {
        return values.get(0);
    }

    private static Kind kindOf(String key) {
        if (key.startsWith(BROKER_PREFIX)) {
            if (key.length() == BROKER_PREFIX.length()) {
                throw new UsageException("--vary broker: needs a broker setting, e.g. broker:num.replica.fetchers=1,4");
            }
            return Kind.BROKER;
        }
        return switch (key) {
            case "record-size" -> Kind.RECORD_SIZE;
            case "clients" -> Kind.CLIENTS;
            case "partitions" -> Kind.PARTITIONS;
            case "replication-factor" -> Kind.REPLICATION;
            case "consumer-threads" -> Kind.CONSUMER_THREADS;
            default -> CONSUMER_KEYS.contains(key) ? Kind.CONSUMER : Kind.PRODUCER;
        };
    }

    private static void checkValue(Kind kind, String key, String value) {
        switch (kind) {
            case RECORD_SIZE -> ByteSize.parseInRange("--vary record-size", value, 64, 64L << 20);
            case CLIENTS, CONSUMER_THREADS -> positive(key, value, 256);
            case PARTITIONS -> positive(key, value, 10_000);
            case REPLICATION -> positive(key, value, 9);
            default -> {
                if (value.contains(" ")) {
                    throw new UsageException("--vary " + key + " value '" + value + "' contains a space");
                }
            }
        }
    }

    private static void positive(String key, String value, int max) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--vary " + key + " takes whole numbers, got '" + value + "'");
        }
        if (n < 1 || n > max) {
            throw new UsageException("--vary " + key + " values must be between 1 and " + max + ", got " + n);
        }
    }

    /** The value as an int (record size in bytes, counts). */
    static int intValue(Kind kind, String value) {
        return kind == Kind.RECORD_SIZE ? (int) ByteSize.parse(value) : Integer.parseInt(value.trim().toLowerCase(Locale.ROOT));
    }
}
