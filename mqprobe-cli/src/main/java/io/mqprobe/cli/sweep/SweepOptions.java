package io.mqprobe.cli.sweep;

import io.mqprobe.api.DriverFactory;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.options.AllowDestructiveOption;
import io.mqprobe.cli.options.ClientsOption;
import io.mqprobe.cli.options.CommandDefaults;
import io.mqprobe.cli.options.ConsumerSettingsOptions;
import io.mqprobe.cli.options.PartitionsOption;
import io.mqprobe.cli.options.ProducerSettingsOptions;
import io.mqprobe.cli.options.RampOptions;
import io.mqprobe.cli.options.RecordOptions;
import io.mqprobe.cli.options.ReplicationOption;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.probe.RampPlan;
import io.mqprobe.search.Thresholds;
import io.mqprobe.sweep.SweepCell;
import io.mqprobe.sweep.SweepFactor;
import io.mqprobe.sweep.SweepPreset;
import io.mqprobe.sweep.SweepSettings;
import io.mqprobe.sweep.SweepStudy;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** What {@code sweep} varies and what it holds fixed; {@link #conclude} checks all of it before a cluster starts. */
final class SweepOptions {

    /** A sweep ramps shorter than a probe (a value's ceiling, not the cluster's knee), on 6 partitions without replicas. */
    static final class Defaults extends CommandDefaults {
        Defaults() {
            super(Map.of("--step-warmup", "2s", "--step-duration", "5s", "--max-clients", "4", "--max-steps", "3",
                    "--partitions", "6", "--replication-factor", "1"));
        }
    }

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

    @Option(names = "--preset", paramLabel = "NAME",
            description = {"The field's studies: producer, consumer, broker or topic. Unless given, a preset's steps warm up "
                    + SweepPreset.STEP_WARMUP + " and measure " + SweepPreset.STEP_DURATION + " (so it ends in minutes), the broker "
                    + "preset replicates to as many brokers as there are (up to 3) and the producer preset sends "
                    + SweepPreset.PRODUCER_PAYLOAD + "."})
    String preset;

    @Option(names = "--rate", paramLabel = "MSGS/S",
            description = "Measure each value's latency at this paced rate, sent by --clients producers, instead of its saturation ceiling.")
    double rate;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "2",
            description = "Runs per value, in alternating order A B B A (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Mixin
    RecordOptions records;

    @Mixin
    PartitionsOption partitions;

    @Mixin
    ReplicationOption replication;

    @Mixin
    ClientsOption clients;

    @Mixin
    ConsumerSettingsOptions consumers;

    @Option(names = "--backlog", paramLabel = "RECORDS", defaultValue = "100000",
            description = "Records a consumer study writes (with --clients producers) and then reads per run (default: ${DEFAULT-VALUE}).")
    long backlogRecords;

    @Mixin
    ProducerSettingsOptions nativeSettings;

    @Mixin
    RampOptions ramp;

    @Mixin
    AllowDestructiveOption destructive;

    /**
     * @param given whether the user typed an option (a preset changes the defaults of the ones not typed)
     */
    SweepRun conclude(String driverId, boolean externalTarget, Predicate<String> given) {
        List<SweepStudy> studies = studies();
        SweepPreset p = preset == null ? null : SweepPreset.of(preset);
        Duration warmup = p != null && !given.test("--step-warmup") ? TimeSpan.parse(SweepPreset.STEP_WARMUP) : ramp.warmup();
        Duration measured = p != null && !given.test("--step-duration") ? TimeSpan.parse(SweepPreset.STEP_DURATION) : ramp.measured();
        int rf = p == SweepPreset.BROKER && !given.test("--replication-factor") ? 0 : replication.replicationFactor();
        PayloadSpec payload = p == SweepPreset.PRODUCER && !given.test("--payload") ? PayloadSpec.parse(SweepPreset.PRODUCER_PAYLOAD)
                : records.payload();
        SweepSettings settings = new SweepSettings(records.sizeBytes(), partitions.partitions(), rf, clients.clients(), consumers.threads(), rate, repeats,
                backlogRecords, payload, nativeSettings.properties(),
                consumers.properties(),
                new RampPlan(warmup, measured, ramp.maxClients(), ramp.maxSteps(), List.of()), Thresholds.defaults());
        checkClientSettings(Drivers.factory(driverId), studies, settings);
        SweepRun run = new SweepRun(studies, settings, destructive.allowed(), p == null ? 1 : p.embeddedBrokers());
        if (externalTarget && run.changesBrokers() && !destructive.allowed()) {
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
