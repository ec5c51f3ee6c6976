package io.mqprobe.run;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.ByteSize;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The {@code mqprobe monitor} screen: keeps the latest sample of every resource and renders the
 * cluster's business and replication traffic (per broker as {@code [100.0, 0.0, 0.0]}, leader and
 * follower side by side), CPU, memory, disk, NIC and under-replicated partitions. Values older than
 * the staleness limit are left out rather than shown as if current.
 */
public final class LiveView implements Consumer<ResourceSample> {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
    /** Per-broker columns in MB/s (10^6 bytes), the unit of every rate mqprobe prints. */
    private static final double MB = 1e6;

    private final Map<String, ResourceSample> latest = new ConcurrentHashMap<>();

    @Override
    public void accept(ResourceSample s) {
        latest.put(s.source() + "\u0000" + s.metric(), s);
    }

    /** The screen at {@code nowMs}, ignoring samples older than {@code maxAgeMs}. */
    public List<String> render(long nowMs, long maxAgeMs) {
        Snapshot snap = new Snapshot(nowMs - maxAgeMs);
        List<Integer> brokers = snap.brokerIds();
        List<String> lines = new ArrayList<>();
        lines.add(CLOCK.format(Instant.ofEpochMilli(nowMs)) + "  " + totals(snap, brokers));
        if (!brokers.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "  %-26s%s", "brokers", brokers));
            perBroker(lines, snap, brokers, "leader in (MB/s, jmx)", Metric.BYTES_IN_BPS);
            perBroker(lines, snap, brokers, "follower in (MB/s, jmx)", Metric.REPLICATION_BYTES_IN_BPS);
            perBroker(lines, snap, brokers, "leader log (MB/s)", Metric.LEADER_WRITE_BPS);
            perBroker(lines, snap, brokers, "follower log (MB/s)", Metric.FOLLOWER_WRITE_BPS);
        }
        for (int id : brokers) {
            StringBuilder details = new StringBuilder();
            processDetails(details, snap, Sources.broker(id));
            brokerDetails(details, snap, Sources.broker(id));
            if (!details.isEmpty()) {
                lines.add(String.format(Locale.ROOT, "  %-10s%s", Sources.broker(id), details));
            }
        }
        StringBuilder host = new StringBuilder();
        processDetails(host, snap, Sources.HOST);
        hostDetails(host, snap, Sources.HOST);
        if (!host.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "  %-10s%s", Sources.HOST, host));
        }
        String lag = snap.sources(s -> s.startsWith("group:")).stream()
                .map(g -> g.substring("group:".length()) + " " + format(snap.value(g, Metric.CONSUMER_LAG), "%.0f"))
                .collect(Collectors.joining(", "));
        if (!lag.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "  %-10s%s", "lag", lag));
        }
        return lines;
    }

    private static String totals(Snapshot snap, List<Integer> brokers) {
        OptionalDouble in = snap.sumOverBrokers(brokers, Metric.BYTES_IN_BPS, Metric.LEADER_WRITE_BPS);
        OptionalDouble out = snap.sumOverBrokers(brokers, Metric.BYTES_OUT_BPS, null);
        OptionalDouble replication = snap.sumOverBrokers(brokers, Metric.REPLICATION_BYTES_IN_BPS, Metric.FOLLOWER_WRITE_BPS);
        OptionalDouble urp = snap.value(Sources.CLUSTER, Metric.UNDER_REPLICATED);
        if (urp.isEmpty()) {
            urp = snap.sumOverBrokers(brokers, Metric.UNDER_REPLICATED, null);
        }
        StringBuilder line = new StringBuilder("traffic in ").append(rate(in))
                .append("  out ").append(rate(out))
                .append("  replication ").append(rate(replication))
                .append("  URP ").append(format(urp, "%.0f"));
        OptionalDouble lag = snap.value(Sources.CLUSTER, Metric.CONSUMER_LAG);
        if (lag.isPresent()) {
            line.append("  lag ").append(format(lag, "%.0f"));
        }
        return line.toString();
    }

    private static void perBroker(List<String> lines, Snapshot snap, List<Integer> brokers, String label, String metric) {
        List<String> values = new ArrayList<>();
        boolean any = false;
        for (int id : brokers) {
            OptionalDouble v = snap.value(Sources.broker(id), metric);
            any |= v.isPresent();
            values.add(v.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", v.getAsDouble() / MB));
        }
        if (any) {
            lines.add(String.format(Locale.ROOT, "  %-26s[%s]", label, String.join(", ", values)));
        }
    }

    /** CPU against its capacity, memory and GC: the same for a broker, mqprobe and the host. */
    private static void processDetails(StringBuilder b, Snapshot snap, String source) {
        ResourceSample cpu = snap.sample(source, Metric.CPU_CORES);
        if (cpu != null) {
            b.append(String.format(Locale.ROOT, "cpu %.2f/%s", cpu.value(), format(cpu.capacity(), "%.3g")));
            cpu.percentOfCapacity().ifPresent(pct -> b.append(String.format(Locale.ROOT, " (%.0f%%)", pct)));
        }
        append(b, "iowait", snap.value(source, Metric.CPU_IOWAIT_PCT), v -> String.format(Locale.ROOT, "%.0f%%", v));
        append(b, "rss", snap.value(source, Metric.RSS_BYTES), ByteSize::format);
        append(b, "gc", snap.value(source, Metric.GC_MS_PER_S), v -> String.format(Locale.ROOT, "%.0f ms/s", v));
        append(b, "disk w", snap.value(source, Metric.DISK_WRITE_BPS), LiveView::rate);
        append(b, "r", snap.value(source, Metric.DISK_READ_BPS), LiveView::rate);
    }

    private static void brokerDetails(StringBuilder b, Snapshot snap, String source) {
        append(b, "out", snap.value(source, Metric.BYTES_OUT_BPS), LiveView::rate);
        append(b, "msgs", snap.value(source, Metric.MESSAGES_IN_PER_S), v -> String.format(Locale.ROOT, "%.0f/s", v));
        append(b, "req idle", snap.value(source, Metric.REQUEST_HANDLER_IDLE_PCT), v -> String.format(Locale.ROOT, "%.0f%%", v));
        append(b, "req on cpu", snap.value(source, Metric.REQUEST_HANDLER_CPU_PCT), v -> String.format(Locale.ROOT, "%.0f%%", v));
        append(b, "net idle", snap.value(source, Metric.NETWORK_PROCESSOR_IDLE_PCT), v -> String.format(Locale.ROOT, "%.0f%%", v));
        append(b, "produce p99", snap.value(source, Metric.PRODUCE_TIME_P99_MS), v -> String.format(Locale.ROOT, "%.0f ms", v));
        append(b, "nic rx", snap.value(source, Metric.NET_RX_BPS), LiveView::rate);
        append(b, "tx", snap.value(source, Metric.NET_TX_BPS), LiveView::rate);
        append(b, "URP", snap.value(source, Metric.UNDER_REPLICATED), v -> String.format(Locale.ROOT, "%.0f", v));
        // RocketMQ's own view (broker runtime statistics)
        append(b, "put", snap.value(source, Metric.RMQ_PUT_TPS), v -> String.format(Locale.ROOT, "%.0f/s", v));
        append(b, "get", snap.value(source, Metric.RMQ_GET_TRANSFERRED_TPS), v -> String.format(Locale.ROOT, "%.0f/s", v));
        append(b, "put p99", snap.value(source, Metric.RMQ_PUT_LATENCY_P99_MS), v -> String.format(Locale.ROOT, "%.1f ms", v));
        append(b, "send queue", snap.value(source, Metric.RMQ_SEND_QUEUE_SIZE), v -> String.format(Locale.ROOT, "%.0f", v));
        append(b, "head wait", snap.value(source, Metric.RMQ_SEND_QUEUE_HEAD_WAIT_MS), v -> String.format(Locale.ROOT, "%.0f ms", v));
        append(b, "pagecache lock", snap.value(source, Metric.RMQ_PAGE_CACHE_LOCK_MS), v -> String.format(Locale.ROOT, "%.0f ms", v));
        append(b, "flush behind", snap.value(source, Metric.RMQ_FLUSH_BEHIND_BYTES), ByteSize::format);
    }

    private static void hostDetails(StringBuilder b, Snapshot snap, String source) {
        append(b, "nic rx", snap.value(source, Metric.NET_RX_BPS), LiveView::rate);
        append(b, "tx", snap.value(source, Metric.NET_TX_BPS), LiveView::rate);
        append(b, "page cache", snap.value(source, Metric.PAGE_CACHE_BYTES), ByteSize::format);
    }

    private static void append(StringBuilder b, String label, OptionalDouble value, java.util.function.DoubleFunction<String> format) {
        if (value.isPresent()) {
            if (!b.isEmpty()) {
                b.append("  ");
            }
            b.append(label).append(' ').append(format.apply(value.getAsDouble()));
        }
    }

    private static String rate(double bytesPerSecond) {
        return ByteSize.formatRate(bytesPerSecond);
    }

    private static String rate(OptionalDouble bytesPerSecond) {
        return bytesPerSecond.isEmpty() ? "-" : rate(bytesPerSecond.getAsDouble());
    }

    private static String format(OptionalDouble value, String pattern) {
        return value.isEmpty() ? "-" : String.format(Locale.ROOT, pattern, value.getAsDouble());
    }

    /** The fresh samples at one moment, so one screen is computed from one consistent set. */
    private final class Snapshot {
        private final Map<String, ResourceSample> fresh = new java.util.HashMap<>();

        Snapshot(long oldestEpochMs) {
            latest.forEach((key, s) -> {
                if (s.epochMs() >= oldestEpochMs) {
                    fresh.put(key, s);
                }
            });
        }

        ResourceSample sample(String source, String metric) {
            return fresh.get(source + "\u0000" + metric);
        }

        /** The latest fresh value, empty when none arrived. */
        OptionalDouble value(String source, String metric) {
            ResourceSample s = sample(source, metric);
            return s == null ? OptionalDouble.empty() : OptionalDouble.of(s.value());
        }

        TreeSet<String> sources(java.util.function.Predicate<String> filter) {
            TreeSet<String> sources = new TreeSet<>();
            fresh.values().forEach(s -> {
                if (filter.test(s.source())) {
                    sources.add(s.source());
                }
            });
            return sources;
        }

        List<Integer> brokerIds() {
            return sources(Sources::isBroker).stream().flatMapToInt(s -> Sources.brokerId(s).stream())
                    .sorted().boxed().toList();
        }

        /** Sum of {@code metric} over brokers; {@code fallback} (another way to see the same traffic) when none has it. */
        OptionalDouble sumOverBrokers(List<Integer> brokers, String metric, String fallback) {
            OptionalDouble sum = sumOf(brokers, metric);
            return sum.isEmpty() && fallback != null ? sumOf(brokers, fallback) : sum;
        }

        /** Over the brokers that reported it; empty when none did. */
        private OptionalDouble sumOf(List<Integer> brokers, String metric) {
            return brokers.stream().flatMapToDouble(id -> value(Sources.broker(id), metric).stream()).reduce(Double::sum);
        }
    }
}
