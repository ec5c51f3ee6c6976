package io.mqprobe.sweep;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.result.StepResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a sweep compares between values, read off the step that stands for a run (the ceiling step,
 * the paced step, or the consume step). Base units in the names; per-MB figures are per MB of payload
 * acknowledged (or consumed), so a codec that shrinks the bytes on the wire shows it.
 *
 * @param higherIsBetter {@code null} for figures that explain rather than rank (batch size)
 */
public record SweepMetric(String name, String label, String unit, Boolean higherIsBetter) {

    public static final SweepMetric THROUGHPUT = new SweepMetric("throughput.bytes_per_s", "throughput", "MB/s", true);
    public static final SweepMetric RECORDS = new SweepMetric("throughput.records_per_s", "records/s", "rec/s", true);
    public static final SweepMetric P99 = new SweepMetric("latency.p99_ms", "p99 latency", "ms", false);
    public static final SweepMetric CLIENT_CPU = new SweepMetric("client.cpu_ms_per_mb", "producer CPU", "ms/MB", false);
    public static final SweepMetric BROKER_CPU = new SweepMetric("broker.cpu_ms_per_mb", "broker CPU", "ms/MB", false);
    public static final SweepMetric BROKER_BYTES = new SweepMetric("broker.bytes_in_per_payload_byte", "broker bytes", "×payload", false);
    public static final SweepMetric DISK_BYTES = new SweepMetric("disk.bytes_per_payload_byte", "bytes on disk", "×payload", false);
    public static final SweepMetric WIRE_RATIO = new SweepMetric("client.compression_rate", "bytes on the wire", "×payload", false);
    public static final SweepMetric BATCH = new SweepMetric("client.batch_size_bytes", "batch size", "bytes", null);
    public static final SweepMetric PER_REQUEST = new SweepMetric("client.records_per_request", "records/request", "rec", null);
    public static final SweepMetric ERRORS = new SweepMetric("errors", "errors", "sends", false);

    public static final List<SweepMetric> ALL = List.of(THROUGHPUT, RECORDS, P99, CLIENT_CPU, BROKER_CPU, BROKER_BYTES,
            DISK_BYTES, WIRE_RATIO, BATCH, PER_REQUEST, ERRORS);

    /** Every metric the step has the data for. */
    static Map<String, Double> of(StepResult step) {
        Map<String, Double> m = new LinkedHashMap<>();
        boolean consumed = step.consumed() != null && step.records() == 0;
        double bytesPerSecond = consumed ? step.consumed().bytesPerSecond() : step.bytesPerSecond();
        double mbPerSecond = bytesPerSecond / 1e6;
        m.put(THROUGHPUT.name, bytesPerSecond);
        if (!consumed) {
            m.put(RECORDS.name, step.recordsPerSecond());
        }
        if (step.latencyUs() != null && step.latencyUs().count() > 0) {
            m.put(P99.name, step.latencyUs().p99() / 1000.0);
        }
        if (mbPerSecond > 0) {
            sum(step.resources(), Sources.CLIENT, Metric.CPU_CORES).ifPresent(cores -> put(m, CLIENT_CPU, cores * 1000 / mbPerSecond));
            sum(step.resources(), Sources.BROKER_PREFIX, Metric.CPU_CORES).ifPresent(cores -> put(m, BROKER_CPU, cores * 1000 / mbPerSecond));
            if (!consumed) {
                sum(step.resources(), Sources.BROKER_PREFIX, Metric.BYTES_IN_BPS).ifPresent(in -> put(m, BROKER_BYTES, in / bytesPerSecond));
                sum(step.resources(), Sources.BROKER_PREFIX, Metric.LEADER_WRITE_BPS).ifPresent(written -> put(m, DISK_BYTES, written / bytesPerSecond));
            }
        }
        put(m, WIRE_RATIO, step.clientMetrics().get("compression-rate-avg"));
        put(m, BATCH, step.clientMetrics().get("batch-size-avg"));
        put(m, PER_REQUEST, step.clientMetrics().get(StepResult.RECORDS_PER_REQUEST));
        m.put(ERRORS.name, (double) step.errors().values().stream().mapToLong(Long::longValue).sum());
        return m;
    }

    public static SweepMetric named(String name) {
        return ALL.stream().filter(x -> x.name.equals(name)).findFirst().orElse(null);
    }

    /**
     * A metric the client did not report (null) is left out, not zero; so is one it reported as NaN (Kafka's average
     * of no samples).
     */
    private static void put(Map<String, Double> m, SweepMetric metric, Double value) {
        if (value != null && Double.isFinite(value) && value > 0) {
            m.put(metric.name, value);
        }
    }

    /** Empty when no source reported it (no JMX, no log-dir sampler): the metric is left out, not zero. */
    private static OptionalDouble sum(List<ResourceUsage> resources, String sourcePrefix, String metric) {
        return resources.stream().filter(r -> r.source().startsWith(sourcePrefix) && r.metric().equals(metric))
                .mapToDouble(ResourceUsage::mean).reduce(Double::sum);
    }
}
