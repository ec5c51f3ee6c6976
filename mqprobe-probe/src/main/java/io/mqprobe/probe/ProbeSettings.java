package io.mqprobe.probe;

import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.search.Thresholds;

import java.util.Map;
import java.util.Objects;

/**
 * Shared settings of every scenario of one probe, validated before anything runs.
 *
 * @param recordSizeBytes    record size of every scenario
 * @param defaultPartitions  partitions when the scenario does not fix them, in [0, 10000]; 0 = two per broker
 * @param producerProperties native producer settings: the driver's capacity defaults under the user's
 *                           (a scenario's own settings win over these)
 * @param warmUntil          each scenario starts with a warm-up step run until every JVM is warm by it, or {@code null}
 *                           for none
 */
public record ProbeSettings(int recordSizeBytes, int defaultPartitions, PayloadSpec payload,
                           Map<String, String> producerProperties, RampPlan plan, Thresholds thresholds,
                           WarmupTarget warmUntil) {

    /** Settings whose scenarios start measuring at once, with no warm-up step. */
    public ProbeSettings(int recordSizeBytes, int defaultPartitions, PayloadSpec payload, Map<String, String> producerProperties,
                         RampPlan plan, Thresholds thresholds) {
        this(recordSizeBytes, defaultPartitions, payload, producerProperties, plan, thresholds, null);
    }

    public ProbeSettings {
        if (defaultPartitions < 0 || defaultPartitions > 10_000) {
            throw new io.mqprobe.api.UsageException("--partitions must be between 0 (two per broker) and 10000, got " + defaultPartitions);
        }
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(thresholds, "thresholds");
        producerProperties = Map.copyOf(producerProperties);
    }
}
