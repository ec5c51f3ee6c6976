package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * How many log segments mqprobe's topics hold on one broker ({@link Metric#LOG_SEGMENTS}), the sum of their partitions'
 * {@code NumLogSegments} gauges: a segment roll adds one, a retention delete takes closed ones away, so a long run sees
 * both as they happen. One query and a read per partition replica, each a round trip the broker answers with its own
 * threads (inside its quota), so it is read every {@link #EVERY_ROUNDS}th round only, and not at all on a broker that
 * holds more than {@link #MOST_PARTITIONS} of them: a soak's topic has a handful per broker, a many-topics probe
 * thousands, whose reads would cost the broker more than the count is worth.
 */
final class LogSegments {

    /** Kafka's partition gauges for the run's topics only (prefix {@code mqprobe-}), not the cluster's own. */
    private static final ObjectName OURS = KafkaBeans.name("kafka.log:type=Log,name=NumLogSegments,topic=mqprobe-*,*");
    static final int EVERY_ROUNDS = 5;
    static final int MOST_PARTITIONS = 64;

    private int round;

    /** Adds the broker's segment count every {@link #EVERY_ROUNDS}th call; nothing while it holds none of our topics. */
    void read(MBeanServerConnection server, long epochMs, String source, List<ResourceSample> out) throws IOException {
        if (round++ % EVERY_ROUNDS != 0) {
            return;
        }
        Set<ObjectName> partitions = server.queryNames(OURS, null);
        if (partitions.isEmpty() || partitions.size() > MOST_PARTITIONS) {
            return;
        }
        long segments = 0;
        for (ObjectName partition : partitions) {
            try {
                if (server.getAttribute(partition, "Value") instanceof Number n) {
                    segments += n.longValue();
                }
            } catch (JMException e) {
                // a partition deleted between the query and the read: it holds nothing now
            }
        }
        out.add(ResourceSample.of(epochMs, source, Metric.LOG_SEGMENTS, segments));
    }
}
