package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.monitor.jfr.ContainerLimits;
import io.mqprobe.monitor.jfr.RecordingChannel;
import io.mqprobe.monitor.jfr.RecordingPart;
import io.mqprobe.monitor.profile.ProfileStore;
import io.mqprobe.monitor.profile.StackProfile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * Kafka broker metrics over JMX (source {@code broker-<id>}): business traffic in and out, replication traffic in,
 * messages in, request-handler idle (on a combined broker and controller, the handlers' time on CPU) and
 * network-processor idle, under-replicated partitions, produce and consumer-fetch p99 total time, ISR shrinks and
 * expands, GC and the old generation after it, and the log segments of mqprobe's topics. Rates come from the meters'
 * cumulative counts, not their exponentially weighted averages, so they describe exactly the sampling interval. A remote broker's CPU is judged against the limit
 * its own JVM reports through its flight recorder (a container's quota, which {@code AvailableProcessors} rounds up to
 * whole processors), with the share of periods the kernel throttled it.
 */
public final class KafkaJmxSampler implements Sampler {

    private static final double NANOS_PER_SECOND = 1e9;

    private final JmxConnection connection;
    private final int fallbackBrokerId;
    private final boolean readIdFromBeans;
    private final boolean reportProcessCpu;
    private final CounterRates rates = new CounterRates();
    private final ProduceTimeParts produceParts = new ProduceTimeParts();
    private final CombinedNodeHandlers combinedNodeHandlers = new CombinedNodeHandlers();
    private final ContainerLimits containerLimits = new ContainerLimits();
    private final LogSegments segments = new LogSegments();
    private final RecordingChannel recording;
    private final List<String> notices = new ArrayList<>();
    private String source;
    private Boolean combined;

    /**
     * @param connection       JMX connection to the broker
     * @param brokerId         the broker's id; when {@code readIdFromBeans}, only used if the broker does not say
     * @param readIdFromBeans  read the id from {@code kafka.server:type=app-info,id=<id>} (remote brokers)
     * @param reportProcessCpu report the broker JVM's CPU from the OperatingSystem bean (remote brokers
     *                         without a better source; local brokers have /proc)
     * @param profiles         where the broker's flight-recorder samples go, or {@code null} not to profile it
     */
    public KafkaJmxSampler(JmxConnection connection, int brokerId, boolean readIdFromBeans, boolean reportProcessCpu,
                           ProfileStore profiles) {
        this.connection = connection;
        this.fallbackBrokerId = brokerId;
        this.readIdFromBeans = readIdFromBeans;
        this.reportProcessCpu = reportProcessCpu;
        this.source = Sources.broker(brokerId);
        // local brokers' limits are read from their cgroup files, which say the same for free
        List<RecordingPart> parts = new ArrayList<>();
        if (reportProcessCpu) {
            parts.add(containerLimits);
        }
        if (profiles != null) {
            parts.add(new StackProfile(profiles, this::source, true));
        }
        this.recording = parts.isEmpty() ? null : new RecordingChannel(parts);
        if (profiles != null) {
            profiles.onSamplingChange(recording::updateSettings);
        }
    }

    public KafkaJmxSampler(JmxConnection connection, int brokerId, boolean readIdFromBeans, boolean reportProcessCpu) {
        this(connection, brokerId, readIdFromBeans, reportProcessCpu, null);
    }

    /** {@code jmx broker-3 (127.0.0.1:9999)} when the id is known up front, else {@code jmx host:port}. */
    @Override
    public String name() {
        return readIdFromBeans ? "jmx " + connection.address() : "jmx " + source + " (" + connection.address() + ")";
    }

    /** {@code broker-<id>}; known for sure only after the first successful round when the id is read from the beans. */
    public String source() {
        return source;
    }

    @Override
    public List<ResourceSample> sample(long epochMs) throws IOException {
        MBeanServerConnection server = connection.get();
        try {
            return read(server, epochMs);
        } catch (IOException e) {
            // the broker went away (killed, restarted): reconnect next round, and its counters start over
            connection.reset();
            rates.reset();
            produceParts.reset();
            combinedNodeHandlers.reset();
            if (recording != null) {
                recording.reset();
            }
            throw e;
        }
    }

    @Override
    public List<String> takeNotices() {
        List<String> taken = new ArrayList<>(notices);
        notices.clear();
        if (recording != null) {
            taken.addAll(recording.takeNotices());
        }
        return taken;
    }

    @Override
    public void close() {
        if (recording != null) {
            recording.close();
        }
        connection.close();
    }

    /** A broker that is also a KRaft controller (combined mode); a broker's roles do not change while it runs. */
    private boolean combined(MBeanServerConnection server) throws IOException {
        if (combined == null) {
            combined = server.isRegistered(KafkaBeans.ACTIVE_CONTROLLER_COUNT);
        }
        return combined;
    }

    private List<ResourceSample> read(MBeanServerConnection server, long epochMs) throws IOException {
        if (readIdFromBeans) {
            source = Sources.broker(brokerId(server));
        }
        List<ResourceSample> out = new ArrayList<>(16);
        if (recording != null) {
            recording.ensureStarted(server, source);
        }
        if (reportProcessCpu) {
            processCpu(server, epochMs, out);
        }
        rate(out, server, epochMs, KafkaBeans.BYTES_IN, Metric.BYTES_IN_BPS);
        rate(out, server, epochMs, KafkaBeans.BYTES_OUT, Metric.BYTES_OUT_BPS);
        rate(out, server, epochMs, KafkaBeans.REPLICATION_BYTES_IN, Metric.REPLICATION_BYTES_IN_BPS);
        rate(out, server, epochMs, KafkaBeans.MESSAGES_IN, Metric.MESSAGES_IN_PER_S);
        // the pool's meter is marked with idle nanoseconds divided by the thread count, so its growth
        // per second of wall time, in seconds, is the average idle share of the handler threads. Not on a combined
        // broker and controller: both pools mark the one meter, each divided by its own thread count, so it grows by
        // the sum of two shares (up to 2 s a second, read as 100 % idle while the broker's pool is saturated;
        // KAFKA-19606, per-pool meters from Kafka 4.2, KIP-1207). There the CPU time of the broker pool's threads is read.
        if (combined(server)) {
            double onCpu = combinedNodeHandlers.cpuPct(server, epochMs);
            if (!Double.isNaN(onCpu)) {
                out.add(new ResourceSample(epochMs, source, Metric.REQUEST_HANDLER_CPU_PCT, onCpu, 100.0));
            }
        } else {
            double idle = counterRate(server, epochMs, KafkaBeans.REQUEST_HANDLER_IDLE, "Count");
            if (!Double.isNaN(idle)) {
                out.add(new ResourceSample(epochMs, source, Metric.REQUEST_HANDLER_IDLE_PCT,
                        Math.min(100.0, 100.0 * idle / NANOS_PER_SECOND), 100.0));
            }
        }
        gauge(out, server, epochMs, KafkaBeans.NETWORK_PROCESSOR_IDLE, "Value", Metric.NETWORK_PROCESSOR_IDLE_PCT, 100.0, OptionalDouble.of(100.0));
        gauge(out, server, epochMs, KafkaBeans.UNDER_REPLICATED, "Value", Metric.UNDER_REPLICATED, 1.0, OptionalDouble.empty());
        // the broker's histograms decay over minutes: a p99 here describes recent minutes, not only the last interval
        gauge(out, server, epochMs, KafkaBeans.PRODUCE_TOTAL_TIME, "99thPercentile", Metric.PRODUCE_TIME_P99_MS, 1.0, OptionalDouble.empty());
        gauge(out, server, epochMs, KafkaBeans.FETCH_CONSUMER_TOTAL_TIME, "99thPercentile", Metric.FETCH_TIME_P99_MS, 1.0, OptionalDouble.empty());
        produceParts.read(server, epochMs, source, out);
        rate(out, server, epochMs, KafkaBeans.ISR_SHRINKS, Metric.ISR_SHRINKS_PER_S);
        rate(out, server, epochMs, KafkaBeans.ISR_EXPANDS, Metric.ISR_EXPANDS_PER_S);
        JvmTotals.read(server).addRates(rates, epochMs, source, out);
        OldGenAfterGc.read(server).ifPresent(oldGen -> oldGen.addTo(out, epochMs, source));
        segments.read(server, epochMs, source, out);
        return out;
    }

    /** The JVM's CPU against its container's limit when its recorder reports one, else against its processors. */
    private void processCpu(MBeanServerConnection server, long epochMs, List<ResourceSample> out) throws IOException {
        double cpuNs = processCpuNsPerSecond(server, epochMs);
        containerLimits.addSamples(epochMs, source, out);
        containerLimits.takeDescription(source).ifPresent(notices::add);
        OptionalDouble limit = containerLimits.cpuLimitCores();
        Number processors = (Number) attribute(server, KafkaBeans.OPERATING_SYSTEM, "AvailableProcessors");
        OptionalDouble cores = limit.isPresent() ? limit
                : processors == null ? OptionalDouble.empty() : OptionalDouble.of(processors.doubleValue());
        if (!Double.isNaN(cpuNs)) {
            out.add(new ResourceSample(epochMs, source, Metric.CPU_CORES, cpuNs / NANOS_PER_SECOND, cores));
        }
    }

    /**
     * The JVM's CPU time per second, timed by its own uptime read right after it: a round of some twenty calls, slowed
     * unevenly when the host is busy, would otherwise stretch or shrink a second by tens of percent (a broker capped at
     * 0.4 cores read 0.56 in its busiest second), and a cap shows as busiest seconds that never rise above one level.
     */
    private double processCpuNsPerSecond(MBeanServerConnection server, long epochMs) throws IOException {
        Object cpuNs = attribute(server, KafkaBeans.OPERATING_SYSTEM, "ProcessCpuTime");
        Object uptimeMs = attribute(server, KafkaBeans.RUNTIME, "Uptime");
        if (!(cpuNs instanceof Number cpu)) {
            return Double.NaN;
        }
        return uptimeMs instanceof Number uptime ? rates.perSecond("process.cpu/uptime", cpu.doubleValue(), uptime.longValue())
                : rates.perSecond("process.cpu", cpu.doubleValue(), epochMs);
    }

    private int brokerId(MBeanServerConnection server) throws IOException {
        for (ObjectName appInfo : server.queryNames(KafkaBeans.APP_INFO, null)) {
            String id = appInfo.getKeyProperty("id");
            if (id != null && id.matches("\\d+")) {
                return Integer.parseInt(id);
            }
        }
        return fallbackBrokerId;
    }

    private void rate(List<ResourceSample> out, MBeanServerConnection server, long epochMs, ObjectName bean, String metric) throws IOException {
        double perSecond = counterRate(server, epochMs, bean, "Count");
        if (!Double.isNaN(perSecond)) {
            out.add(ResourceSample.of(epochMs, source, metric, perSecond));
        }
    }

    private double counterRate(MBeanServerConnection server, long epochMs, ObjectName bean, String attribute) throws IOException {
        Object value = attribute(server, bean, attribute);
        return value instanceof Number n ? rates.perSecond(bean + "/" + attribute, n.doubleValue(), epochMs) : Double.NaN;
    }

    private void gauge(List<ResourceSample> out, MBeanServerConnection server, long epochMs, ObjectName bean, String attribute,
                       String metric, double scale, OptionalDouble capacity) throws IOException {
        Object value = attribute(server, bean, attribute);
        if (value instanceof Number n && !Double.isNaN(n.doubleValue())) {
            out.add(new ResourceSample(epochMs, source, metric, n.doubleValue() * scale, capacity));
        }
    }

    /** The attribute's value, or null when this broker version has no such bean or attribute. */
    private static Object attribute(MBeanServerConnection server, ObjectName bean, String attribute) throws IOException {
        try {
            return server.getAttribute(bean, attribute);
        } catch (JMException e) {
            return null;
        }
    }
}
