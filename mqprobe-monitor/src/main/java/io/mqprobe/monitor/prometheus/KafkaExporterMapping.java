package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Kafka broker metrics under the names the Prometheus JMX exporter gives them with the widely
 * used Kafka rules (the exporter project's example config, Strimzi): e.g.
 * {@code kafka_server_brokertopicmetrics_bytesin_total}, {@code kafka_network_requestmetrics_totaltimems{quantile="0.99"}},
 * plus the exporter's JVM GC and process CPU metrics.
 */
final class KafkaExporterMapping {

    private static final String TOPIC_METRICS = "kafka_server_brokertopicmetrics_";
    private static final String REQUEST_IDLE = "kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent";
    private static final double NANOS_PER_SECOND = 1e9;

    private final String source;
    private final boolean reportProcessCpu;
    private final CounterRates rates = new CounterRates();

    /** @param reportProcessCpu report {@code process_cpu_seconds_total} (off when node_exporter covers the host) */
    KafkaExporterMapping(String source, boolean reportProcessCpu) {
        this.source = source;
        this.reportProcessCpu = reportProcessCpu;
    }

    List<ResourceSample> map(List<PromSample> samples, long epochMs) {
        // the broker-wide series has no topic label; per-topic series repeat the same bytes
        Map<String, Double> allTopics = new HashMap<>();
        Map<String, Double> perTopicSum = new HashMap<>();
        Map<String, Double> gauges = new HashMap<>();
        double gcCount = Double.NaN;
        double gcSeconds = Double.NaN;
        boolean jvmProcess = false;
        for (PromSample s : samples) {
            String name = s.name();
            jvmProcess |= name.startsWith("jvm_");
            if (name.startsWith(TOPIC_METRICS)) {
                (s.label("topic").isEmpty() ? allTopics : perTopicSum).merge(name, s.value(), Double::sum);
            } else if (name.equals("kafka_network_requestmetrics_totaltimems") && s.label("quantile").equals("0.99")) {
                gauges.put("p99." + s.label("request"), s.value());
            } else if (name.equals("jvm_gc_collection_seconds_count")) {
                gcCount = (Double.isNaN(gcCount) ? 0 : gcCount) + s.value();
            } else if (name.equals("jvm_gc_collection_seconds_sum")) {
                gcSeconds = (Double.isNaN(gcSeconds) ? 0 : gcSeconds) + s.value();
            } else if (s.labels().isEmpty()) {
                gauges.put(name, s.value());
            }
        }
        List<ResourceSample> out = new ArrayList<>();
        topicRate(out, epochMs, allTopics, perTopicSum, "bytesin", Metric.BYTES_IN_BPS);
        topicRate(out, epochMs, allTopics, perTopicSum, "bytesout", Metric.BYTES_OUT_BPS);
        topicRate(out, epochMs, allTopics, perTopicSum, "replicationbytesin", Metric.REPLICATION_BYTES_IN_BPS);
        topicRate(out, epochMs, allTopics, perTopicSum, "messagesin", Metric.MESSAGES_IN_PER_S);
        requestHandlerIdle(out, epochMs, gauges);
        Double networkIdle = gauges.get("kafka_network_socketserver_networkprocessoravgidlepercent");
        if (networkIdle != null) {
            out.add(new ResourceSample(epochMs, source, Metric.NETWORK_PROCESSOR_IDLE_PCT, 100.0 * networkIdle, 100.0));
        }
        gauge(out, epochMs, gauges.get("kafka_server_replicamanager_underreplicatedpartitions"), Metric.UNDER_REPLICATED);
        gauge(out, epochMs, gauges.get("p99.Produce"), Metric.PRODUCE_TIME_P99_MS);
        gauge(out, epochMs, gauges.get("p99.FetchConsumer"), Metric.FETCH_TIME_P99_MS);
        counter(out, epochMs, gauges.get("kafka_server_replicamanager_isrshrinks_total"), Metric.ISR_SHRINKS_PER_S);
        counter(out, epochMs, gauges.get("kafka_server_replicamanager_isrexpands_total"), Metric.ISR_EXPANDS_PER_S);
        if (!Double.isNaN(gcSeconds)) {
            double msPerS = rates.perSecond("gc.time", gcSeconds * 1000, epochMs);
            double countPerS = rates.perSecond("gc.count", gcCount, epochMs);
            if (!Double.isNaN(msPerS)) {
                out.add(new ResourceSample(epochMs, source, Metric.GC_MS_PER_S, msPerS, 1000.0));
                out.add(ResourceSample.of(epochMs, source, Metric.GC_COUNT_PER_S, countPerS));
            }
        }
        // every Prometheus client exports process_cpu_seconds_total for its own process: only a JVM exporter's
        // (jvm_* series beside it) is the broker's; node_exporter's is node_exporter's own, a second "broker CPU"
        if (reportProcessCpu && jvmProcess) {
            counter(out, epochMs, gauges.get("process_cpu_seconds_total"), Metric.CPU_CORES);
        }
        return out;
    }

    private void topicRate(List<ResourceSample> out, long epochMs, Map<String, Double> allTopics, Map<String, Double> perTopic,
                           String meter, String metric) {
        // exporter rules name meter counts either _total (counter) or _count (summary-style)
        String total = TOPIC_METRICS + meter + "_total";
        String count = TOPIC_METRICS + meter + "_count";
        Double value = allTopics.containsKey(total) ? allTopics.get(total) : allTopics.get(count);
        if (value == null) {
            value = perTopic.containsKey(total) ? perTopic.get(total) : perTopic.get(count);
        }
        counter(out, epochMs, value, metric);
    }

    /**
     * The exporter exposes the meter either as its cumulative count of idle nanoseconds per thread
     * ({@code _total} or {@code _count}) or as its rate, already a 0..1 share (a plain gauge).
     */
    private void requestHandlerIdle(List<ResourceSample> out, long epochMs, Map<String, Double> gauges) {
        Double count = gauges.containsKey(REQUEST_IDLE + "_total") ? gauges.get(REQUEST_IDLE + "_total") : gauges.get(REQUEST_IDLE + "_count");
        if (count != null) {
            double idleNsPerS = rates.perSecond(REQUEST_IDLE, count, epochMs);
            if (!Double.isNaN(idleNsPerS)) {
                out.add(new ResourceSample(epochMs, source, Metric.REQUEST_HANDLER_IDLE_PCT,
                        Math.min(100.0, 100.0 * idleNsPerS / NANOS_PER_SECOND), 100.0));
            }
        } else if (gauges.containsKey(REQUEST_IDLE)) {
            out.add(new ResourceSample(epochMs, source, Metric.REQUEST_HANDLER_IDLE_PCT, 100.0 * gauges.get(REQUEST_IDLE), 100.0));
        }
    }

    private void gauge(List<ResourceSample> out, long epochMs, Double value, String metric) {
        if (value != null && !Double.isNaN(value)) {
            out.add(ResourceSample.of(epochMs, source, metric, value));
        }
    }

    private void counter(List<ResourceSample> out, long epochMs, Double value, String metric) {
        if (value != null) {
            double perSecond = rates.perSecond(metric, value, epochMs);
            if (!Double.isNaN(perSecond)) {
                out.add(ResourceSample.of(epochMs, source, metric, perSecond));
            }
        }
    }
}
