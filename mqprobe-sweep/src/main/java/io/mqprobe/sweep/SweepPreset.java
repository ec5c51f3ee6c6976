package io.mqprobe.sweep;

import io.mqprobe.api.UsageException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The field study's one-factor sweeps, each setting varied alone from the client's or broker's default
 * (the first value). Producer studies run on a half-compressible payload so the codecs have something
 * to do; the broker and topic studies need replicas (an embedded cluster of 3 brokers by default).
 * A preset runs shorter steps than a single sweep ({@link #STEP_DURATION}) and keeps to the values that
 * tell most, so each ends within minutes on a 2-core machine (its bound is printed before it starts).
 */
public enum SweepPreset {

    PRODUCER(1, "batch.size=16384,262144,1048576", "linger.ms=0,5,20", "acks=1,all,0",
            "compression.type=none,gzip,snappy,lz4,zstd", "record-size=1KiB,100,10KiB"),
    CONSUMER(1, "consumer-threads=1,2,4", "fetch.min.bytes=1,1048576", "max.poll.records=500,2000",
            "max.partition.fetch.bytes=1048576,262144"),
    // replica.fetch.max.bytes is static in Kafka 4.1: its study restarts the brokers (rolling, full ISR in between)
    // num.network.threads is left to --vary: measured within its spread on 2 cores (docs/sweep.md), and a preset
    // with it ran 12.5 min there
    BROKER(3, "broker:num.replica.fetchers=1,4", "broker:num.io.threads=8,2",
            "broker:replica.fetch.max.bytes=1048576,4194304", "broker:log.flush.interval.messages=9223372036854775807,1000"),
    TOPIC(3, "partitions=6,1,12", "replication-factor=1,3");

    /** A preset's steps, unless the user gives them (text: they stand in --help). */
    public static final String STEP_WARMUP = "1s";
    public static final String STEP_DURATION = "3s";

    /** What a producer preset sends when the user names no payload. */
    public static final String PRODUCER_PAYLOAD = "compressible:0.5";

    private final int embeddedBrokers;
    private final List<String> factors;

    SweepPreset(int embeddedBrokers, String... factors) {
        this.embeddedBrokers = embeddedBrokers;
        this.factors = List.of(factors);
    }

    /** Brokers of the embedded cluster the preset starts when the user names none. */
    public int embeddedBrokers() {
        return embeddedBrokers;
    }

    public static SweepPreset of(String name) {
        return Arrays.stream(values()).filter(p -> p.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new UsageException("--preset takes producer, consumer, broker or topic, got '" + name + "'"));
    }

    public List<SweepStudy> studies() {
        return factors.stream().map(f -> new SweepStudy(List.of(SweepFactor.parse(f)))).toList();
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
