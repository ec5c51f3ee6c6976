package io.mqprobe.probe;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.experiment.SettleSpec;
import io.mqprobe.load.PrecisionTarget;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How a scenario ramps. First unthrottled producer clients per step (1, 2, 3, 4, 6, 8, 12, 16, ... up
 * to the maximum: fine steps where small clusters saturate, coarse ones beyond) until throughput
 * plateaus: the ceiling and the knee. Then paced steps at fractions of that ceiling, where latency
 * means something (an unthrottled producer's latency is mostly its own full buffer): the sustainable
 * load. Every step is warmed up, then measured.
 *
 * @param warmup      per-step time excluded from the figures (JIT, connections, batches filling)
 * @param measure     per-step measured window
 * @param maxClients  the most producer clients a step may use
 * @param maxSteps    the most unthrottled steps per scenario
 * @param sustainableFractions offered rates of the paced steps, as fractions of the ceiling, ascending
 * @param precision   when a step may end: {@code measure} is then its shortest measured window and the target's maximum
 *                    its longest; {@code null} for steps of exactly {@code measure}
 * @param settle      what every step waits for before it starts, or {@code null} to start at once
 */
public record RampPlan(Duration warmup, Duration measure, int maxClients, int maxSteps, List<Double> sustainableFractions,
                       PrecisionTarget precision, SettleSpec settle) {

    /** Steps of fixed length that start at once. */
    public RampPlan(Duration warmup, Duration measure, int maxClients, int maxSteps, List<Double> sustainableFractions) {
        this(warmup, measure, maxClients, maxSteps, sustainableFractions, null, null);
    }

    /** A quarter, half and 80 % of the ceiling: where production usually wants to run, and a safe floor. */
    public static final List<Double> DEFAULT_FRACTIONS = List.of(0.25, 0.5, 0.8);

    // The method's defaults, in one place: as text for the probe's option defaults, and in defaults() for runs that ramp
    // without those options (an OMB workload's producerRate 0).
    public static final String DEFAULT_WARMUP = "2s";
    public static final String DEFAULT_MEASURE = "4s";
    public static final String DEFAULT_MAX_MEASURE = "8s";
    public static final String DEFAULT_PRECISION_PCT = "10";
    public static final String DEFAULT_SETTLE_TIMEOUT = "20s";
    public static final String DEFAULT_MAX_CLIENTS = "8";
    public static final String DEFAULT_MAX_STEPS = "6";
    /** A broker at or below this share of its cores counts as near idle before a step. */
    public static final double SETTLED_BROKER_CPU_PCT = 25;
    /**
     * A host waiting on its disks at most this share of its CPU time counts as near idle before a step. Of 41 first
     * paced steps of replicated-all (fourteen series of three default probes, 2026-12-05/06), 33 read 1-18 % iowait and
     * 8, started while the ramp's deleted segments were still being discarded, 27-53 %: one over the 40 % threshold
     * failed the step and the search answered less than half what the runs beside it held.
     */
    public static final double SETTLED_IOWAIT_PCT = 15;

    /** The ramp {@code probe} runs when no option changes it. */
    public static RampPlan defaults() {
        Duration measure = TimeSpan.parse(DEFAULT_MEASURE);
        return new RampPlan(TimeSpan.parse(DEFAULT_WARMUP), measure, Integer.parseInt(DEFAULT_MAX_CLIENTS),
                Integer.parseInt(DEFAULT_MAX_STEPS), DEFAULT_FRACTIONS,
                new PrecisionTarget(Double.parseDouble(DEFAULT_PRECISION_PCT), measure, TimeSpan.parse(DEFAULT_MAX_MEASURE)),
                new SettleSpec(TimeSpan.parse(DEFAULT_SETTLE_TIMEOUT), SETTLED_BROKER_CPU_PCT, SETTLED_IOWAIT_PCT, true));
    }

    public RampPlan {
        if (warmup.isNegative() || measure.toMillis() < 1000) {
            throw new UsageException("step warm-up must not be negative and the measured window must be at least 1s");
        }
        if (maxClients < 1 || maxClients > 256) {
            throw new UsageException("--max-clients must be between 1 and 256, got " + maxClients);
        }
        if (maxSteps < 1 || maxSteps > 50) {
            throw new UsageException("--max-steps must be between 1 and 50, got " + maxSteps);
        }
        sustainableFractions = List.copyOf(sustainableFractions);
        for (int i = 0; i < sustainableFractions.size(); i++) {
            double f = sustainableFractions.get(i);
            if (!(f > 0 && f <= 1.5) || (i > 0 && f <= sustainableFractions.get(i - 1))) {
                throw new UsageException("--sustainable-steps must be ascending fractions of the ceiling in (0, 1.5], got "
                        + sustainableFractions);
            }
        }
    }

    /** Client counts per step, at most {@code maxSteps} of them. */
    public List<Integer> clientSteps() {
        List<Integer> steps = new ArrayList<>();
        int clients = 1;
        while (clients <= maxClients && steps.size() < maxSteps) {
            steps.add(clients);
            clients = clients < 4 ? clients + 1 : clients + clients / 2;
        }
        if (steps.get(steps.size() - 1) != maxClients && steps.size() < maxSteps) {
            steps.add(maxClients);
        }
        return steps;
    }

    /** Upper bound of one step's load (and its wall time before draining, for the ETA). */
    public Duration stepDuration() {
        return warmup.plus(precision == null ? measure : precision.maxMeasure());
    }
}
