package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.run.ProducerSettingsOptions;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * The producer side of a load, with kafka-producer-perf-test's option names plus mqprobe's own
 * (picocli mixin of {@code produce} and {@code e2e}).
 */
public final class ProducerOptions {

    @Option(names = "--num-records", paramLabel = "N", description = "Records to send in total (default: until --duration ends).")
    long numRecords;

    @Option(names = "--record-size", paramLabel = "SIZE", defaultValue = "1KiB", description = "Record size (default: ${DEFAULT-VALUE}).")
    String recordSize;

    @Option(names = "--throughput", paramLabel = "RECORDS/S", defaultValue = "-1",
            description = "Offered load in records/s over all clients, open loop; -1 = as fast as possible (default).")
    double throughput;

    @Mixin
    ProducerSettingsOptions nativeSettings;

    @Option(names = "--duration", paramLabel = "DURATION",
            description = "How long to send (default: 30s, or up to 1h with --num-records).")
    String duration;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "0s",
            description = "Leading time excluded from the measured figures (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", description = "Independent producer instances (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "Sender threads per producer (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--sync", description = "Synchronous sends: one message in flight per thread.")
    boolean sync;

    @Option(names = "--payload", paramLabel = "KIND", defaultValue = "random",
            description = "random | compressible:RATIO | file:PATH (default: ${DEFAULT-VALUE}).")
    String payload;

    public Duration warmup() {
        return TimeSpan.parse(warmup);
    }

    /**
     * The validated producer load on {@code topic}, with the user's native settings (file, then flags);
     * the driver's defaults go under them once the target is known ({@link ProducerLoadSpec#withDefaults}).
     */
    public ProducerLoadSpec conclude(String topic, boolean trackAcks) {
        Duration runFor = duration != null ? TimeSpan.parsePositive("--duration", duration)
                : numRecords > 0 ? Duration.ofHours(1) : Duration.ofSeconds(30);
        if (!warmup().isZero() && warmup().compareTo(runFor) >= 0) {
            throw new UsageException("--warmup (" + warmup + ") must be shorter than the run (" + runFor.toSeconds() + "s)");
        }
        long size = ByteSize.parseInRange("--record-size", recordSize, 28, 64L << 20);
        double rate = throughput < 0 ? 0 : throughput;
        if (throughput == 0) {
            throw new UsageException("--throughput must be positive, or -1 for as fast as possible");
        }
        return new ProducerLoadSpec(topic, clients, threads, sync, (int) size, rate, numRecords, runFor,
                PayloadSpec.parse(payload), nativeSettings.properties(), trackAcks);
    }
}
