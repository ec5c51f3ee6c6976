package io.mqprobe.api.monitor;


import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Where a produce request's time went in one step, as the field study breaks it down: time queued in the
 * producer (record-queue-time), then the request's round trip (request-latency), split into the broker's
 * request queue, local write, waiting for followers (remote), throttle, response queue and response send, and
 * what is left of the round trip outside the broker (network, TLS, the client's I/O thread). Broker parts are
 * the mean over the brokers that served Produce requests.
 *
 * @param parts            the stacked parts in request order; they add up to {@link #totalMs()}
 * @param brokerTotalMs    the brokers' own TotalTimeMs (the check on the broker parts), empty when unknown
 * @param brokerPartsSumMs the broker parts added up, empty when no broker reported a part
 */
public record LatencyBreakdown(List<Part> parts, OptionalDouble brokerTotalMs, OptionalDouble brokerPartsSumMs) {

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
        OptionalDouble request = mean(resources, Metric.CLIENT_REQUEST_LATENCY_MS);
        OptionalDouble brokerTotal = mean(resources, Metric.PRODUCE_TOTAL_MS);
        List<Part> parts = new ArrayList<>();
        add(parts, "producer queue", mean(resources, Metric.CLIENT_RECORD_QUEUE_MS),
                "linger.ms / batch.size (fuller batches sooner), fewer partitions per producer, async sends");
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
            OptionalDouble ms = mean(resources, b[0]);
            if (ms.isPresent()) {
                anyBroker = true;
                brokerSum += ms.getAsDouble();
                add(parts, b[1], ms, b[2]);
            }
        }
        if (request.isPresent()) {
            // the round trip less the broker's own time, when the broker reported it
            double outside = Math.max(0, request.getAsDouble() - brokerTotal.orElse(0));
            parts.add(new Part("network and client I/O", outside, "network, TLS (SSL costs CPU on both ends), max.in.flight"));
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LatencyBreakdown(parts, brokerTotal, anyBroker ? OptionalDouble.of(brokerSum) : OptionalDouble.empty()));
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
        if (brokerTotalMs.isEmpty() || brokerPartsSumMs.isEmpty()) {
            return true;
        }
        double total = brokerTotalMs.getAsDouble();
        return Math.abs(brokerPartsSumMs.getAsDouble() - total) <= Math.max(PARTS_TOLERANCE_MS, PARTS_TOLERANCE_FRACTION * total);
    }

    /** One line: the largest part, its share, and what usually moves it. */
    public String advice() {
        Part top = largest();
        double total = totalMs();
        return String.format(java.util.Locale.ROOT, "largest part: %s, %.2f ms of %.2f ms (%.0f %%); usually moved by %s",
                top.label(), top.meanMs(), total, total > 0 ? 100 * top.meanMs() / total : 0, top.usuallyMovedBy());
    }

    private static void add(List<Part> parts, String label, OptionalDouble ms, String movedBy) {
        ms.ifPresent(known -> parts.add(new Part(label, known, movedBy)));
    }

    /** Mean over the sources that reported the metric (brokers without Produce requests report nothing). */
    private static OptionalDouble mean(List<ResourceUsage> resources, String metric) {
        // a mean that is not finite was read from a file that wrote it unknown
        return resources.stream().filter(r -> r.metric().equals(metric) && Double.isFinite(r.mean()))
                .mapToDouble(ResourceUsage::mean).average();
    }
}
