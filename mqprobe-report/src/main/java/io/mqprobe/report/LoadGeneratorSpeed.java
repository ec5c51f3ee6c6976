package io.mqprobe.report;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How fast the host ran the load generator's share of a scenario's work in each run, at one rate and one batching for
 * all runs: MB it sent per CPU-second at the paced steps, fitted per run to the rate and the producers' records per
 * request with slopes common to the runs. On a machine whose cores mqprobe shares with the brokers, the brokers' cost
 * moves with it: over 36 default probes on the 2-core test machine (twelve series, 2026-12-04/05), each run's level of
 * the brokers' CPU per record and the load generator's correlated 0.97 (`bench/host-speed-levels.sh`), while the host's
 * memory and SHA-256 figures hardly followed either. A run the host ran slower reads a lower speed here, whatever the
 * brokers' figures did.
 */
final class LoadGeneratorSpeed {

    /**
     * A step whose load generator was throttled in more of its quota's periods than this is left out: its CPU there is
     * what its quota allowed, not what the work cost.
     */
    static final double MAX_THROTTLED_SHARE = 0.05;

    /** Paced rates this close (1 %, on the logarithm) are one rate: a producer paced alike in each run delivers them. */
    static final double SAME_RATE = 0.01;

    private LoadGeneratorSpeed() {
    }

    /** One paced step: its run, log of its rate, log of its records per request, log of CPU-seconds per byte. */
    private record Point(int run, double logRate, double logPerRequest, double logCost) {
    }

    /**
     * Per run, the load generator's MB per CPU-second at the runs' mean paced rate and batching; {@code null} for a run
     * without a usable paced step. Empty when fewer than two runs have one, or the steps cannot tell a level from the
     * rate (each run held one rate, and the runs' rates differ).
     */
    static Optional<List<Double>> of(List<ScenarioResult> runs) {
        List<Point> points = new ArrayList<>();
        for (int run = 0; run < runs.size(); run++) {
            for (StepResult step : runs.get(run).steps()) {
                point(run, step).ifPresent(points::add);
            }
        }
        int[] counts = new int[runs.size()];
        points.forEach(p -> counts[p.run()]++);
        if (Arrays.stream(counts).filter(c -> c > 0).count() < 2) {
            return Optional.empty();
        }
        // least squares within the runs: each run's own means taken out, the slopes the runs share remain
        double[][] means = new double[runs.size()][3];
        for (Point p : points) {
            means[p.run()][0] += p.logRate() / counts[p.run()];
            means[p.run()][1] += p.logPerRequest() / counts[p.run()];
            means[p.run()][2] += p.logCost() / counts[p.run()];
        }
        double s11 = 0, s22 = 0, s12 = 0, s1y = 0, s2y = 0;
        for (Point p : points) {
            double[] m = means[p.run()];
            double x1 = p.logRate() - m[0], x2 = p.logPerRequest() - m[1], y = p.logCost() - m[2];
            s11 += x1 * x1;
            s22 += x2 * x2;
            s12 += x1 * x2;
            s1y += x1 * y;
            s2y += x2 * y;
        }
        double det = s11 * s22 - s12 * s12;
        double rateSlope, perRequestSlope;
        if (Math.abs(det) > 1e-9 * Math.max(1, s11 * s22)) {
            rateSlope = (s1y * s22 - s2y * s12) / det;
            perRequestSlope = (s2y * s11 - s1y * s12) / det;
        } else if (s11 > 1e-12) {
            // records per request moved with the rate alone: the rate carries both
            rateSlope = s1y / s11;
            perRequestSlope = 0;
        } else if (oneRate(means, counts)) {
            // each run held one rate, the same in all (two paced `produce` runs): their costs compare as they are
            rateSlope = 0;
            perRequestSlope = 0;
        } else {
            return Optional.empty();
        }
        double meanRate = points.stream().mapToDouble(Point::logRate).average().orElseThrow();
        double meanPerRequest = points.stream().mapToDouble(Point::logPerRequest).average().orElseThrow();
        List<Double> speeds = new ArrayList<>();
        for (int run = 0; run < runs.size(); run++) {
            if (counts[run] == 0) {
                speeds.add(null);
                continue;
            }
            double[] m = means[run];
            double logCost = m[2] + rateSlope * (meanRate - m[0]) + perRequestSlope * (meanPerRequest - m[1]);
            speeds.add(1e-6 / Math.exp(logCost));
        }
        return Optional.of(speeds);
    }

    /** Every run's paced rate within {@link #SAME_RATE} of the others' (on the logarithm). */
    private static boolean oneRate(double[][] means, int[] counts) {
        double low = Double.POSITIVE_INFINITY, high = Double.NEGATIVE_INFINITY;
        for (int run = 0; run < counts.length; run++) {
            if (counts[run] > 0) {
                low = Math.min(low, means[run][0]);
                high = Math.max(high, means[run][0]);
            }
        }
        return high - low <= SAME_RATE;
    }

    private static Optional<Point> point(int run, StepResult step) {
        Double perRequest = step.clientMetrics().get(StepResult.RECORDS_PER_REQUEST);
        Double cores = mean(step, Metric.CPU_CORES);
        Double throttled = mean(step, Metric.CPU_THROTTLED_SHARE);
        boolean usable = step.targetRecordsPerSecond() != null && step.measuredMs() > 0 && step.recordsPerSecond() > 0
                && step.bytesPerSecond() > 0 && perRequest != null && perRequest > 0 && cores != null && cores > 0
                && (throttled == null || throttled <= MAX_THROTTLED_SHARE);
        return usable ? Optional.of(new Point(run, Math.log(step.recordsPerSecond()), Math.log(perRequest),
                Math.log(cores / step.bytesPerSecond()))) : Optional.empty();
    }

    private static Double mean(StepResult step, String metric) {
        return step.resources().stream().filter(r -> Sources.CLIENT.equals(r.source()) && metric.equals(r.metric()))
                .map(ResourceUsage::mean).findFirst().orElse(null);
    }
}
