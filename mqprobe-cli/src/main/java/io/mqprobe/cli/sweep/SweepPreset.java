package io.mqprobe.cli.sweep;

import io.mqprobe.api.UsageException;
import io.mqprobe.sweep.SweepFactor;
import io.mqprobe.sweep.SweepStudy;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The field study's one-factor sweeps, each setting varied alone from the client's or broker's default
 * (the first value). Producer studies run on a half-compressible payload so the codecs have something
 * to do; the broker study needs replicas (it uses as many brokers as the cluster has, up to 3).
 */
enum SweepPreset {

    PRODUCER("batch.size=16384,65536,262144,1048576", "linger.ms=0,5,20", "acks=1,all,0",
            "compression.type=none,gzip,snappy,lz4,zstd", "record-size=1KiB,100,10KiB,100KiB"),
    CONSUMER("consumer-threads=1,2,4", "fetch.min.bytes=1,65536,1048576", "max.poll.records=500,100,2000",
            "max.partition.fetch.bytes=1048576,262144,4194304"),
    BROKER("broker:num.replica.fetchers=1,2,4", "broker:num.io.threads=8,2,16", "broker:num.network.threads=3,1,6",
            "broker:replica.fetch.max.bytes=1048576,4194304", "broker:log.flush.interval.messages=9223372036854775807,10000,1000"),
    TOPIC("partitions=6,1,3,12", "replication-factor=1,2,3");

    /** What a producer preset sends when the user names no payload. */
    static final String PRODUCER_PAYLOAD = "compressible:0.5";

    private final List<String> factors;

    SweepPreset(String... factors) {
        this.factors = List.of(factors);
    }

    static SweepPreset of(String name) {
        return Arrays.stream(values()).filter(p -> p.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new UsageException("--preset takes producer, consumer, broker or topic, got '" + name + "'"));
    }

    List<SweepStudy> studies() {
        return factors.stream().map(f -> new SweepStudy(List.of(SweepFactor.parse(f)))).toList();
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
