package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.CostLine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A broker's CPU that the paced rate barely moved, told for what it is when the producers' request rate held still: a
 * cost paid per request (or per second), not per record, which fuller requests lower. A producer sends when its
 * linger.ms runs out, so it sends about as many requests at every paced rate and its batches grow with the rate: in a
 * default probe here (2026-12-04 16:42, run 1, single) 168-173 requests a second from 35k to 113k msgs/s, broker-1 at
 * 0.18 cores at the lowest rate and 0.24 at the highest. Such a cost is why the sustainable load moves from run to run:
 * the line it lies on crosses the threshold far from its readings. Held at 80,000 msgs/s on one broker, linger.ms 20
 * instead of 5 (1,010 records per request instead of about 480) cut the broker's cores by a quarter (bench/README.md,
 * "What the flat cost is").
 */
final class RequestCost {

    /** Every paced step's requests a second within this share of their median: the request rate held still. */
    static final double STILL_SHARE = 0.2;
    /** Fewer paced steps than this draw no line. */
    static final int MIN_STEPS = 3;

    private RequestCost() {
    }

    /** A paced step's delivered rate, its broker's cores and its producers' requests a second. */
    private record Point(double rate, double cores, double requests) {
    }

    /**
     * The line that follows the sustainable load's limit, for the broker busiest (by share of its quota) at the step that
     * failed it, when over the paced steps its cores rose by less than {@link CostLine#FLAT_SHARE} of what a cost
     * proportional to the rate would have (the sustainable search's flat line) while the producers' requests a second held
     * still.
     *
     * @param paced   the paced steps, in any order
     * @param failing the step that failed the sustainable load
     */
    static Optional<String> of(List<StepResult> paced, StepResult failing) {
        Optional<ResourceUsage> busiest = failing.resources().stream()
                .filter(u -> Metric.CPU_CORES.equals(u.metric()) && Sources.isBroker(u.source()) && u.hasCapacity())
                .max(Comparator.comparingDouble(u -> u.meanPct().getAsDouble()));
        if (busiest.isEmpty()) {
            return Optional.empty();
        }
        String broker = busiest.get().source();
        List<Point> points = points(paced, broker);
        if (points.size() < MIN_STEPS) {
            return Optional.empty();
        }
        double low = points.stream().mapToDouble(Point::rate).min().orElseThrow();
        double high = points.stream().mapToDouble(Point::rate).max().orElseThrow();
        double[] requests = points.stream().mapToDouble(Point::requests).sorted().toArray();
        double median = requests[requests.length / 2];
        boolean still = requests[0] >= (1 - STILL_SHARE) * median && requests[requests.length - 1] <= (1 + STILL_SHARE) * median;
        // flat as the sustainable search judges its lines
        CostLine line = CostLine.through(points.stream().map(p -> new double[] {p.rate(), p.cores()}).toList());
        if (!still || !line.flatBetween(low, high)) {
            return Optional.empty();
        }
        List<Double> perRequest = points.stream().sorted(Comparator.comparingDouble(Point::rate))
                .map(p -> p.rate() / p.requests()).toList();
        return Optional.of(String.format(Locale.ROOT, "%s's CPU rose %.2f cores from %s to %s (to %.2f, on the line through the"
                        + " paced steps), where a cost per record rises %.2f, while the producers sent %.0f-%.0f requests a second at"
                        + " every rate (records per request %.0f → %.0f): most of it is paid per request or per second, not per"
                        + " record; fuller requests lower the part paid per request (a larger linger.ms or batch.size, or fewer"
                        + " producers)",
                broker, line.at(high) - line.at(low), HumanUnits.msgsPerSecond(low), HumanUnits.msgsPerSecond(high), line.at(high),
                line.proportionalRise(low, high),
                requests[0], requests[requests.length - 1], perRequest.get(0), perRequest.get(perRequest.size() - 1)));
    }

    /** The paced steps that delivered records and read both the broker's cores and the producers' records per request. */
    private static List<Point> points(List<StepResult> paced, String broker) {
        List<Point> points = new ArrayList<>();
        for (StepResult step : paced) {
            Double perRequest = step.clientMetrics().get(StepResult.RECORDS_PER_REQUEST);
            Optional<ResourceUsage> cores = step.resources().stream()
                    .filter(u -> broker.equals(u.source()) && Metric.CPU_CORES.equals(u.metric())).findFirst();
            if (perRequest != null && perRequest > 0 && step.recordsPerSecond() > 0 && cores.isPresent()) {
                points.add(new Point(step.recordsPerSecond(), cores.get().mean(), step.recordsPerSecond() / perRequest));
            }
        }
        return points;
    }
}
