package io.mqprobe.cli.probe;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.run.ClientProperties;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.scenario.BuiltInScenarios;
import io.mqprobe.scenario.RampPlan;
import io.mqprobe.scenario.ScenarioFile;
import io.mqprobe.scenario.ScenarioRunner;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.Thresholds;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code probe} runs and how it judges: scenarios, load shape, ramp and thresholds. */
final class ProbeOptions {

    /** Big batches: the producer spends far less CPU per record, so the client is not the first bottleneck. */
    private static final Map<String, String> PRODUCER_DEFAULTS = Map.of("batch.size", "1048576", "linger.ms", "5",
            // a smaller buffer keeps an unthrottled client's own queue (and the step's drain) short
            "buffer.memory", "16777216");

    @Option(names = "--scenarios", split = ",", paramLabel = "NAME",
            description = "Scenarios to run: single, broker-ceiling, replicated-all, replicated-leader (default: all).")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--scenario-file", paramLabel = "FILE", description = "YAML file with more scenarios (see docs/scenarios.md).")
    Path scenarioFile;

    @Option(names = "--record-size", paramLabel = "SIZE", defaultValue = "1KiB", description = "Record size (default: ${DEFAULT-VALUE}).")
    String recordSize;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "6",
            description = "Partitions of scenarios that do not fix them (default: ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--payload", paramLabel = "KIND", defaultValue = "random", description = "random | compressible:RATIO | file:PATH.")
    String payload;

    @Option(names = "--producer-props", arity = "1..*", paramLabel = "K=V",
            description = "Producer settings for every scenario (default: batch.size=1048576 linger.ms=5 buffer.memory=16777216).")
    List<String> producerProps = new ArrayList<>();

    @Option(names = "--producer.config", paramLabel = "FILE", description = "Producer settings file.")
    Path producerConfig;

    @Option(names = "--step-warmup", paramLabel = "DURATION", defaultValue = "2s", description = "Warm-up of each step (default: ${DEFAULT-VALUE}).")
    String stepWarmup;

    @Option(names = "--step-duration", paramLabel = "DURATION", defaultValue = "5s",
            description = "Measured window of each step (default: ${DEFAULT-VALUE}).")
    String stepDuration;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = "8", description = "Most producer clients in a step (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "6", description = "Most steps per scenario (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--sustainable-steps", split = ",", paramLabel = "FRACTION",
            description = "Paced steps after saturation, as fractions of the ceiling (default: 0.25,0.5,0.8).")
    List<Double> sustainableFractions = new ArrayList<>(RampPlan.DEFAULT_FRACTIONS);

    @Option(names = "--cpu-threshold", paramLabel = "PCT", defaultValue = "75", description = "Sustainable CPU limit, %% of cores (default: ${DEFAULT-VALUE}).")
    double cpuPct;

    @Option(names = "--iowait-threshold", paramLabel = "PCT", defaultValue = "40", description = "Sustainable iowait limit, %% (default: ${DEFAULT-VALUE}).")
    double iowaitPct;

    @Option(names = "--nic-threshold", paramLabel = "PCT", defaultValue = "80", description = "Sustainable NIC limit, %% of ceiling (default: ${DEFAULT-VALUE}).")
    double nicPct;

    @Option(names = "--disk-threshold", paramLabel = "PCT", defaultValue = "80", description = "Sustainable disk limit, %% of ceiling (default: ${DEFAULT-VALUE}).")
    double diskPct;

    @Option(names = "--slo-p99", paramLabel = "DURATION", defaultValue = "200ms", description = "p99 latency SLO (default: ${DEFAULT-VALUE}).")
    String sloP99;

    @Option(names = "--disk-ceiling", paramLabel = "RATE", description = "Disk write ceiling, e.g. 1.2GB/s (default: probed for an embedded cluster).")
    String diskCeiling;

    @Option(names = "--nic-ceiling", paramLabel = "RATE", description = "NIC ceiling, e.g. 10Gbit (default: probed on loopback for an embedded cluster).")
    String nicCeiling;

    @Option(names = "--no-ceilings", description = "Do not probe disk and NIC ceilings (configured ones still count).")
    boolean noCeilings;

    @Option(names = "--keep-topics", description = "Do not delete the topics mqprobe created.")
    boolean keepTopics;

    List<ScenarioSpec> scenarioSpecs() {
        List<ScenarioSpec> extra = scenarioFile == null ? List.of() : ScenarioFile.read(scenarioFile);
        return BuiltInScenarios.select(scenarios, extra);
    }

    Thresholds thresholds() {
        double sloMs = TimeSpan.parsePositive("--slo-p99", sloP99).toNanos() / 1e6;
        Thresholds d = Thresholds.defaults();
        return new Thresholds(cpuPct, iowaitPct, nicPct, diskPct, sloMs, d.plateauGainPct(), d.plateauSteps(), d.maxErrorRatio());
    }

    RampPlan plan() {
        return new RampPlan(TimeSpan.parse(stepWarmup), TimeSpan.parsePositive("--step-duration", stepDuration), maxClients, maxSteps,
                sustainableFractions);
    }

    ScenarioRunner.Settings settings() {
        Map<String, String> props = new LinkedHashMap<>(PRODUCER_DEFAULTS);
        props.putAll(ClientProperties.merge(producerConfig, "--producer-props", producerProps));
        int size = (int) ByteSize.parseInRange("--record-size", recordSize, 28, 64L << 20);
        if (partitions < 1 || partitions > 10_000) {
            throw new io.mqprobe.api.UsageException("--partitions must be between 1 and 10000, got " + partitions);
        }
        return new ScenarioRunner.Settings(size, partitions, PayloadSpec.parse(payload), props, plan(), thresholds());
    }
}
