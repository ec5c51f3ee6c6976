package io.mqprobe.sweep;

import io.mqprobe.api.UsageException;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.probe.RampPlan;
import io.mqprobe.search.Thresholds;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What a sweep holds fixed while it varies one factor, validated before anything runs.
 *
 * @param replicationFactor   copies per partition; 0 = as many as the cluster has brokers, up to 3
 * @param clients             producer clients of a paced step (and of a consumer study's backlog)
 * @param rateRecordsPerSecond with a rate, each value is measured as latency at this paced rate; 0 = the ceiling
 *                            (clients ramped as in {@code probe})
 * @param repeats             measurements per value, at least 2, in alternating order
 * @param backlogRecords      records a consumer study produces first and then consumes per run
 * @param producerProperties  native producer settings under the varied one
 * @param consumerProperties  native consumer settings under the varied one
 */
public record SweepSettings(int recordSizeBytes, int partitions, int replicationFactor, int clients, int consumerThreads,
                            double rateRecordsPerSecond, int repeats, long backlogRecords, PayloadSpec payload,
                            Map<String, String> producerProperties, Map<String, String> consumerProperties,
                            RampPlan ramp, Thresholds thresholds) {

    /** Drain bound of a step: acknowledgements of an unthrottled producer's full buffer. */
    static final Duration STEP_DRAIN = Duration.ofSeconds(15);

    public SweepSettings {
        if (repeats < 2 || repeats > 10) {
            throw new UsageException("--repeats must be between 2 and 10 (each value is measured at least twice), got " + repeats);
        }
        if (partitions < 0 || replicationFactor < 0 || clients < 1 || consumerThreads < 1) {
            throw new UsageException("clients and consumer threads must be at least 1, partitions at least 0 (two per broker),"
                    + " the replication factor at least 0 (as many copies as brokers, up to 3)");
        }
        if (rateRecordsPerSecond < 0) {
            throw new UsageException("--rate must be positive, got " + rateRecordsPerSecond);
        }
        if (backlogRecords < 1) {
            throw new UsageException("--backlog must be at least 1 record, got " + backlogRecords);
        }
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(ramp, "ramp");
        Objects.requireNonNull(thresholds, "thresholds");
        producerProperties = Map.copyOf(producerProperties);
        consumerProperties = Map.copyOf(consumerProperties);
    }

    public boolean paced() {
        return rateRecordsPerSecond > 0;
    }

    /** Allowance per run for its fresh topic: created, led, deleted. */
    static final Duration TOPIC_ALLOWANCE = Duration.ofSeconds(10);

    /**
     * Upper bound of one run of one value: every step at its full length and its full drain, plus the topic.
     * With {@code typical} true, what a run usually takes (drains are short, the topic quick).
     */
    public Duration runBound(boolean consumes, boolean typical) {
        int steps = consumes ? 2 : paced() ? 1 : ramp.clientSteps().size();
        Duration step = consumes ? ramp.stepDuration().multipliedBy(3) : ramp.stepDuration();
        Duration perStep = (typical ? step : step.plus(STEP_DRAIN)).plus(consumes ? Duration.ZERO : ramp.warmup());
        return perStep.multipliedBy(steps).plus(typical ? Duration.ofSeconds(3) : TOPIC_ALLOWANCE);
    }
}
