package io.mqprobe.api.monitor;


import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a produce request's time went in one step, as the field study breaks it down: time queued in the
 * producer (record-queue-time), then the request's round trip (request-latency), split into the broker's
 * request queue, local write, waiting for followers (remote), throttle, response queue and response send, and
 * what is left of the round trip outside the broker (network, TLS, the client's I/O thread). Broker parts are
 * the mean over the brokers that served Produce requests.
 *
 * @param parts            the stacked parts in request order; they add up to {@link #totalMs()}
 * @param brokerTotalMs    the brokers' own TotalTimeMs (the check on the broker parts), NaN when unknown
 * @param brokerPartsSumMs the broker parts added up, NaN when unknown
 */
public record LatencyBreakdown(List<Part> parts, double brokerTotalMs, double brokerPartsSumMs) {

    /** How far the broker's parts may stray from its own total: they are read a few ms apart, bean by bean. */
    public static final double PARTS_TOLERANCE_FRACTION = 0.15;
    public static final double PARTS_TOLERANCE_MS = 0.5;

    /** One stacked part: a short label, its mean in ms and what usually moves it. */
    public record Part(String label, double meanMs, String usuallyMovedBy) {
    }

    public LatencyBreakdown {
        parts = List.copyOf(parts);
    }

    /** The breakdown of a step from its resources; empty when neither the client nor the brokers reported parts. */
    public static Optional<LatencyBreakdown> of(List<ResourceUsage> resources) {
        double queue = mean(resources, Metric.CLIENT_RECORD_QUEUE_MS);
        double request = mean(resources, Metric.CLIENT_REQUEST_LATENCY_MS);
        double brokerTotal = mean(resources, Metric.PRODUCE_TOTAL_MS);
        List<Part> parts = new ArrayList<>();
        add(parts, "producer queue", queue, "linger.ms / batch.size (fuller batches sooner), fewer partitions per producer, async sends");
        double brokerSum = 0;
        boolean anyBroker = false;
        String[][] broker = {
                {Metric.PRODUCE_REQUEST_QUEUE_MS, "broker request queue", "num.io.threads, fewer and larger requests (linger / batching)"},
                {Metric.PRODUCE_LOCAL_MS, "broker local write", "disk speed, log.flush.* settings, compression on the broker"},
                {Metric.PRODUCE_REMOTE_MS, "waiting for followers", "num.replica.fetchers, replica.fetch.* settings, acks"},
                {Metric.PRODUCE_THROTTLE_MS, "quota throttle", "client quotas"},
                {Metric.PRODUCE_RESPONSE_QUEUE_MS, "broker response queue", "num.network.threads"},
                {Metric.PRODUCE_RESPONSE_SEND_MS, "broker response send", "network, num.network.threads"}};
        for (String[] b : broker) {
            double ms = mean(resources, b[0]);
            if (!Double.isNaN(ms)) {
                anyBroker = true;
                brokerSum += ms;
                add(parts, b[1], ms, b[2]);
            }
        }
        if (!Double.isNaN(request)) {
            double outside = Double.isNaN(brokerTotal) ? request : Math.max(0, request - brokerTotal);
            add(parts, "network and client I/O", outside, "network, TLS (SSL costs CPU on both ends), max.in.flight");
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LatencyBreakdown(parts, brokerTotal, anyBroker ? brokerSum : Double.NaN));
    }

    /** Everything stacked: producer queue plus the request's round trip (or the broker's parts alone without client figures). */
    public double totalMs() {
        return parts.stream().mapToDouble(Part::meanMs).sum();
    }

    /** The part that takes the most time. */
    public Part largest() {
        return parts.stream().max(Comparator.comparingDouble(Part::meanMs)).orElseThrow();
    }

    /** True when the broker's parts add up to its own total within the stated tolerance (or when one is unknown). */
    public boolean brokerPartsAddUp() {
        if (Double.isNaN(brokerTotalMs) || Double.isNaN(brokerPartsSumMs)) {
            return true;
        }
        return Math.abs(brokerPartsSumMs - brokerTotalMs) <= Math.max(PARTS_TOLERANCE_MS, PARTS_TOLERANCE_FRACTION * brokerTotalMs);
    }

    /** One line: the largest part, its share, and what usually moves it. */
    public String advice() {
        Part top = largest();
        double total = totalMs();
        return String.format(java.util.Locale.ROOT, "largest part: %s, %.2f ms of %.2f ms (%.0f %%); usually moved by %s",
                top.label(), top.meanMs(), total, total > 0 ? 100 * top.meanMs() / total : 0, top.usuallyMovedBy());
    }

    private static void add(List<Part> parts, String label, double ms, String movedBy) {
        if (!Double.isNaN(ms)) {
            parts.add(new Part(label, ms, movedBy));
        }
    }

    /** Mean over the sources that reported the metric (brokers without Produce requests report nothing). */
    private static double mean(List<ResourceUsage> resources, String metric) {
        return resources.stream().filter(r -> r.metric().equals(metric) && Double.isFinite(r.mean()))
                .mapToDouble(ResourceUsage::mean).average().orElse(Double.NaN);
    }
}
