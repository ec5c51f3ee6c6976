package io.mqprobe.cli.sweep;

import io.mqprobe.api.DriverFactory;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.UsageException;
import io.mqprobe.cli.run.DurationConverter;
import io.mqprobe.cli.run.ProducerSettingsOptions;
import io.mqprobe.cli.run.SizeConverter;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.run.ClientProperties;
import io.mqprobe.scenario.RampPlan;
import io.mqprobe.search.Thresholds;
import io.mqprobe.sweep.SweepCell;
import io.mqprobe.sweep.SweepFactor;
import io.mqprobe.sweep.SweepSettings;
import io.mqprobe.sweep.SweepStudy;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code sweep} varies and what it holds fixed; {@link #conclude} checks all of it before a cluster starts. */
final class SweepOptions {

    static final Duration STEP_WARMUP = Duration.ofSeconds(2);
    static final Duration STEP_DURATION = Duration.ofSeconds(5);

    /** The sweep's plan, validated. */
    record SweepRun(List<SweepStudy> studies, SweepSettings settings, boolean allowDestructive, int embeddedBrokers) {

        boolean changesBrokers() {
            return studies.stream().flatMap(s -> s.factors().stream()).anyMatch(f -> f.kind() == SweepFactor.Kind.BROKER);
        }

        /** Time of the whole sweep once the cluster is up: typical, or the bound (every step and drain at full length). */
        Duration bound(boolean typical) {
            Duration total = Duration.ZERO;
            for (SweepStudy s : studies) {
                total = total.plus(settings.runBound(s.consumes(), typical).multipliedBy((long) s.cells().size() * settings.repeats()));
            }
            return total;
        }
    }

    @Option(names = "--vary", paramLabel = "KEY=V1,V2,...",
            description = {"A setting and the values to try, the first being the baseline: a producer setting (batch.size, "
                    + "linger.ms, acks, compression.type, ...), record-size, clients, partitions, replication-factor, "
                    + "consumer-threads, a consumer setting (fetch.min.bytes, max.poll.records, ...) or broker:KEY. "
                    + "Twice: a grid of both."})
    List<String> vary = new ArrayList<>();

    @Option(names = "--preset", paramLabel = "NAME", description = "The field's studies: producer, consumer, broker or topic.")
    String preset;

    @Option(names = "--rate", paramLabel = "MSGS/S",
            description = "Measure each value's latency at this paced rate instead of its saturation ceiling.")
    double rate;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "2",
            description = "Runs per value, in alternating order A B B A (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--record-size", paramLabel = "SIZE", defaultValue = "1KiB", converter = SizeConverter.class,
            description = "Record size (default: ${DEFAULT-VALUE}).")
    int recordSizeBytes;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "6", description = "Partitions (default: ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--replication-factor", paramLabel = "N", defaultValue = "1",
            description = "Copies per partition; 0 = as many as brokers, up to 3 (default: ${DEFAULT-VALUE}; the broker preset uses 0).")
    int replicationFactor;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1",
            description = "Producer clients of a paced run and of a consumer study's backlog (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--consumer-threads", paramLabel = "N", defaultValue = "1", description = "Consumers (default: ${DEFAULT-VALUE}).")
    int consumerThreads;

    @Option(names = "--backlog", paramLabel = "RECORDS", defaultValue = "100000",
            description = "Records a consumer study writes and then reads per run (default: ${DEFAULT-VALUE}).")
    long backlogRecords;

    @Option(names = "--payload", paramLabel = "KIND", description = "random | compressible:RATIO | file:PATH (default: random; "
            + "the producer preset: " + SweepPreset.PRODUCER_PAYLOAD + ").")
    String payload;

    @Mixin
    ProducerSettingsOptions nativeSettings;

    @Option(names = "--consumer-props", arity = "1..*", paramLabel = "K=V", description = "Native consumer settings.")
    List<String> consumerProps = new ArrayList<>();

    @Option(names = "--step-warmup", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            description = "Warm-up of each step (default: 2s; with --preset 1s).")
    Duration stepWarmup;

    @Option(names = "--step-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measured window of each step (default: 5s; with --preset 3s, so a preset ends in minutes).")
    Duration stepDuration;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = "4",
            description = "Most producer clients when ramping to the ceiling (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "3",
            description = "Most ramp steps per run (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--allow-destructive", description = "Allow changing broker settings of a cluster mqprobe did not start "
            + "(they are journaled and restored).")
    boolean allowDestructive;

    SweepRun conclude(String driverId, boolean externalTarget) {
        List<SweepStudy> studies = studies();
        int rf = replicationFactor;
        String payloadText = payload;
        Duration warmup = stepWarmup != null ? stepWarmup : preset != null ? SweepPreset.STEP_WARMUP : STEP_WARMUP;
        Duration measured = stepDuration != null ? stepDuration : preset != null ? SweepPreset.STEP_DURATION : STEP_DURATION;
        if (preset != null) {
            SweepPreset p = SweepPreset.of(preset);
            if (p == SweepPreset.BROKER && replicationFactor == 1) {
                rf = 0;
            }
            if (p == SweepPreset.PRODUCER && payloadText == null) {
                payloadText = SweepPreset.PRODUCER_PAYLOAD;
            }
        }
        SweepSettings settings = new SweepSettings(recordSizeBytes, partitions, rf, clients, consumerThreads, rate, repeats,
                backlogRecords, PayloadSpec.parse(payloadText == null ? "random" : payloadText), nativeSettings.properties(),
                ClientProperties.parsePairs("--consumer-props", consumerProps),
                new RampPlan(warmup, measured, maxClients, maxSteps, List.of()), Thresholds.defaults());
        checkClientSettings(Drivers.factory(driverId), studies, settings);
        SweepRun run = new SweepRun(studies, settings, allowDestructive, preset == null ? 1 : SweepPreset.of(preset).embeddedBrokers());
        if (externalTarget && run.changesBrokers() && !allowDestructive) {
            throw new UsageException("changing broker settings of a cluster mqprobe did not start needs --allow-destructive"
                    + " (every change is journaled and restored)");
        }
        return run;
    }

    private List<SweepStudy> studies() {
        if ((preset == null) == vary.isEmpty()) {
            throw new UsageException("sweep needs --vary KEY=V1,V2,... (twice for a grid) or --preset, not both");
        }
        if (preset != null) {
            return SweepPreset.of(preset).studies();
        }
        return List.of(new SweepStudy(vary.stream().map(SweepFactor::parse).toList()));
    }

    /** Every producer and consumer value as the client would see it, against the client's own config definitions. */
    private static void checkClientSettings(DriverFactory driver, List<SweepStudy> studies, SweepSettings settings) {
        driver.validateProducerSettings(settings.producerProperties());
        driver.validateConsumerSettings(settings.consumerProperties());
        for (SweepStudy s : studies) {
            for (SweepCell cell : s.cells()) {
                Map<String, String> producer = new LinkedHashMap<>(settings.producerProperties());
                Map<String, String> consumer = new LinkedHashMap<>(settings.consumerProperties());
                s.factors().forEach(f -> {
                    if (f.kind() == SweepFactor.Kind.PRODUCER) {
                        producer.put(f.key(), cell.values().get(f.key()));
                    } else if (f.kind() == SweepFactor.Kind.CONSUMER) {
                        consumer.put(f.key(), cell.values().get(f.key()));
                    }
                });
                driver.validateProducerSettings(producer);
                driver.validateConsumerSettings(consumer);
            }
        }
    }
}
