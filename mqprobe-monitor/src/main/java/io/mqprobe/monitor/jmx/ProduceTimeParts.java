package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a broker's Produce requests spent their time during one sampling interval: request queue, local write,
 * waiting for followers (remote), throttle, response queue, response send, and the total. Each part's histogram
 * keeps an all-time count and mean, so {@code mean × count} is the part's all-time sum and the interval's mean
 * per request is the growth of that sum over the growth of the count (exact, unlike the decaying percentiles).
 * Not thread-safe: one sampler owns one instance.
 */
final class ProduceTimeParts {

    private static final Map<String, ObjectName> PARTS = parts();

    private record Totals(double count, double sumMs) {
    }

    private final Map<String, Totals> previous = new HashMap<>();

    void read(MBeanServerConnection server, long epochMs, String source, List<ResourceSample> out) throws IOException {
        for (Map.Entry<String, ObjectName> part : PARTS.entrySet()) {
            Totals now = totals(server, part.getValue());
            if (now == null) {
                continue;
            }
            Totals before = previous.put(part.getKey(), now);
            if (before == null || now.count() <= before.count()) {
                continue;   // first reading, no Produce request in the interval, or the broker restarted
            }
            double meanMs = (now.sumMs() - before.sumMs()) / (now.count() - before.count());
            if (Double.isFinite(meanMs) && meanMs >= 0) {
                out.add(ResourceSample.of(epochMs, source, part.getKey(), meanMs));
            }
        }
    }

    void reset() {
        previous.clear();
    }

    private static Totals totals(MBeanServerConnection server, ObjectName bean) throws IOException {
        try {
            Object count = server.getAttribute(bean, "Count");
            Object mean = server.getAttribute(bean, "Mean");
            if (count instanceof Number c && mean instanceof Number m) {
                return new Totals(c.doubleValue(), c.doubleValue() * m.doubleValue());
            }
            return null;
        } catch (JMException e) {
            return null;   // no such bean on this broker version, or no Produce request yet
        }
    }

    private static Map<String, ObjectName> parts() {
        Map<String, ObjectName> parts = new LinkedHashMap<>();
        parts.put(Metric.PRODUCE_REQUEST_QUEUE_MS, produce("RequestQueueTimeMs"));
        parts.put(Metric.PRODUCE_LOCAL_MS, produce("LocalTimeMs"));
        parts.put(Metric.PRODUCE_REMOTE_MS, produce("RemoteTimeMs"));
        parts.put(Metric.PRODUCE_THROTTLE_MS, produce("ThrottleTimeMs"));
        parts.put(Metric.PRODUCE_RESPONSE_QUEUE_MS, produce("ResponseQueueTimeMs"));
        parts.put(Metric.PRODUCE_RESPONSE_SEND_MS, produce("ResponseSendTimeMs"));
        parts.put(Metric.PRODUCE_TOTAL_MS, produce("TotalTimeMs"));
        return java.util.Collections.unmodifiableMap(parts);
    }

    private static ObjectName produce(String name) {
        return KafkaBeans.name("kafka.network:type=RequestMetrics,name=" + name + ",request=Produce");
    }
}
