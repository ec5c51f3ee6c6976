package io.mqprobe.cli.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.options.ClientsOption;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.ProducerSettingsOptions;
import io.mqprobe.cli.options.RecordOptions;
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

    @Mixin
    RecordOptions records;

    @Option(names = "--throughput", paramLabel = "RECORDS/S",
            description = "Offered load in records/s over all clients, open loop; -1 = as fast as possible"
                    + " (default: -1 for produce, 1000 for e2e).")
    Double throughput;

    @Mixin
    ProducerSettingsOptions nativeSettings;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long to send (default: 30s, or up to 1h with --num-records).")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            description = {"Leading time excluded from the measured figures (default: 5s, at most a fifth of --duration;",
                    "0s with --num-records, so every record counts as in kafka-producer-perf-test). The first seconds",
                    "are the JVMs compiling the send path and the client growing its batches: measured, they inflate",
                    "p99 by tens of ms. The metadata fetch is always done before the schedule starts."})
    Duration warmup;

    @Mixin
    ClientsOption clients;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", description = "Sender threads per producer (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--sync", description = "Synchronous sends: one message in flight per thread.")
    boolean sync;

    /** Default warm-up of a timed run: long enough for C2 to compile the send path on a loaded 2-core box. */
    static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);

    public Duration warmup() {
        if (warmup != null) {
            return warmup;
        }
        if (numRecords > 0) {
            return Duration.ZERO;
        }
        Duration fifth = runFor().dividedBy(5);
        return fifth.compareTo(DEFAULT_WARMUP) < 0 ? fifth : DEFAULT_WARMUP;
    }

    private Duration runFor() {
        return duration != null ? duration
                : numRecords > 0 ? Duration.ofHours(1) : Duration.ofSeconds(30);
    }

    /**
     * The validated producer load on {@code topic}, with the user's native settings (file, then flags);
     * the driver's defaults go under them once the target is known ({@link ProducerLoadSpec#withDefaults}).
     */
    public ProducerLoadSpec conclude(String topic, boolean trackAcks) {
        return conclude(topic, trackAcks, -1);
    }

    /** @param defaultThroughput records/s when --throughput is not given; -1 = as fast as possible */
    public ProducerLoadSpec conclude(String topic, boolean trackAcks, double defaultThroughput) {
        double throughput = this.throughput != null ? this.throughput : defaultThroughput;
        Duration runFor = runFor();
        if (!warmup().isZero() && warmup().compareTo(runFor) >= 0) {
            throw new UsageException("--warmup (" + TimeSpan.formatSeconds(warmup().toSeconds()) + ") must be shorter than the run ("
                    + runFor.toSeconds() + "s)");
        }
        double rate = throughput < 0 ? 0 : throughput;
        if (throughput == 0) {
            throw new UsageException("--throughput must be positive, or -1 for as fast as possible");
        }
        return new ProducerLoadSpec(topic, clients.clients(), threads, sync, records.sizeBytes(), rate, numRecords, runFor,
                records.payload(), nativeSettings.properties(), trackAcks);
    }
}
