package io.mqprobe.report;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.Thresholds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Resource timelines of one window, one chart per resource family with a line per source; the
 * bottleneck's source is drawn bold and the chart of the bottleneck resource is highlighted.
 */
final class ResourceCharts {

    /**
     * A family of metrics drawn together; {@code resources} are the verdict words that point at it, {@code threshold}
     * the utilisation threshold it is judged by (or null), and {@code lowIsBad} marks idle percentages, whose telling
     * figure is the lowest, not the peak.
     */
    private record Family(String title, List<String> metrics, List<String> resources, ToDoubleFunction<Thresholds> threshold,
                          boolean lowIsBad) {

        Family(String title, List<String> metrics, List<String> resources, ToDoubleFunction<Thresholds> threshold) {
            this(title, metrics, resources, threshold, false);
        }
    }

    /** Readable titles for metrics drawn on their own; any other metric is titled by its name. */
    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry(Metric.RSS_BYTES, "Memory (RSS)"),
            Map.entry(Metric.PAGE_CACHE_BYTES, "Page cache"),
            Map.entry(Metric.CPU_THROTTLED_SHARE, "CPU quota: share of periods throttled"),
            Map.entry(Metric.GC_MS_PER_S, "GC pause (ms per second)"),
            Map.entry(Metric.GC_COUNT_PER_S, "GC count per second"),
            Map.entry(Metric.DISK_READ_BPS, "Disk read"),
            Map.entry(Metric.UNDER_REPLICATED, "Under-replicated partitions"),
            Map.entry(Metric.CONSUMER_LAG, "Consumer lag (messages)"),
            Map.entry(Metric.BYTES_IN_BPS, "Kafka bytes in"),
            Map.entry(Metric.BYTES_OUT_BPS, "Kafka bytes out"),
            Map.entry(Metric.REPLICATION_BYTES_IN_BPS, "Kafka replication bytes in"),
            // RocketMQ's broker runtime statistics
            Map.entry(Metric.RMQ_PUT_TPS, "RocketMQ put TPS (messages stored per second)"),
            Map.entry(Metric.RMQ_GET_TRANSFERRED_TPS, "RocketMQ get TPS (messages handed to consumers)"),
            Map.entry(Metric.RMQ_PUT_LATENCY_P99_MS, "RocketMQ put latency p99 (ms)"),
            Map.entry(Metric.RMQ_PUT_TIME_P99_BUCKET_MS, "RocketMQ put time, p99 bucket of putMessageDistributeTime (ms)"),
            Map.entry(Metric.RMQ_PUT_TIME_MAX_MS, "RocketMQ put time max (ms)"),
            Map.entry(Metric.RMQ_PAGE_CACHE_LOCK_MS, "RocketMQ page-cache lock held (ms)"),
            Map.entry(Metric.RMQ_SEND_QUEUE_SIZE, "RocketMQ send thread pool queue"),
            Map.entry(Metric.RMQ_SEND_QUEUE_HEAD_WAIT_MS, "RocketMQ send queue head wait (ms)"),
            Map.entry(Metric.RMQ_DISPATCH_BEHIND_BYTES, "RocketMQ dispatch behind (bytes)"),
            Map.entry(Metric.RMQ_FLUSH_BEHIND_BYTES, "RocketMQ flush behind (bytes)"),
            Map.entry(Metric.RMQ_COMMITLOG_DISK_USED_BYTES, "RocketMQ commit-log disk used"));

    private static final List<Family> FAMILIES = List.of(
            new Family("CPU (cores busy)", List.of(Metric.CPU_CORES), List.of("cpu", "client"), Thresholds::cpuPct),
            new Family("Disk write", List.of(Metric.DISK_WRITE_BPS), List.of("disk"), Thresholds::diskPct),
            new Family("I/O wait", List.of(Metric.CPU_IOWAIT_PCT), List.of("iowait"), Thresholds::iowaitPct),
            new Family("Network (rx solid, tx dashed)", List.of(Metric.NET_RX_BPS, Metric.NET_TX_BPS), List.of("nic", "net"), Thresholds::nicPct),
            new Family("Log writes (leader solid, follower dashed)", List.of(Metric.LEADER_WRITE_BPS, Metric.FOLLOWER_WRITE_BPS),
                    List.of("replication"), null),
            new Family("Request-handler idle (network threads dashed)",
                    List.of(Metric.REQUEST_HANDLER_IDLE_PCT, Metric.NETWORK_PROCESSOR_IDLE_PCT), List.of("handler", "thread"), null, true),
            // a combined broker and controller's handlers, whose idle meter cannot be read: busy, so high is bad
            new Family("Request handlers on CPU (% of their time)", List.of(Metric.REQUEST_HANDLER_CPU_PCT), List.of("handler", "thread"), null));

    private ResourceCharts() {
    }

    /**
     * Figures for the series of one window ({@link Timeline#window}); {@code bottleneck} is the verdict's
     * bottleneck or null, {@code thresholds} the run's or null. Metrics outside the known families get a chart each, so
     * new monitors show up.
     */
    static List<Figure> build(Map<String, List<Timeline.Series>> window, Bottleneck bottleneck, Thresholds thresholds) {
        String hotSource = bottleneck == null ? null : HtmlScenario.written(bottleneck.source());
        String hotResource = bottleneck == null ? null : lower(HtmlScenario.written(bottleneck.resource()));
        List<Figure> figures = new ArrayList<>();
        Set<String> drawn = new LinkedHashSet<>();
        for (Family family : FAMILIES) {
            Map<String, List<Timeline.Series>> present = new LinkedHashMap<>();
            family.metrics.forEach(m -> {
                if (window.containsKey(m)) {
                    present.put(m, window.get(m));
                }
            });
            if (!present.isEmpty()) {
                drawn.addAll(present.keySet());
                boolean hot = hotResource != null && family.resources.stream().anyMatch(hotResource::contains);
                Double thresholdPct = family.threshold == null || thresholds == null ? null : family.threshold.applyAsDouble(thresholds);
                figures.add(figure(family.title, present, hotSource, hot, thresholdPct, family.lowIsBad));
            }
        }
        window.forEach((metric, series) -> {
            if (!drawn.contains(metric)) {
                boolean hot = metric.equalsIgnoreCase(String.valueOf(hotResource));
                figures.add(figure(TITLES.getOrDefault(metric, metric), Map.of(metric, series), hotSource, hot, null, false));
            }
        });
        return figures;
    }

    private static Figure figure(String title, Map<String, List<Timeline.Series>> byMetric, String hotSource,
                                 boolean hot, Double thresholdPct, boolean lowIsBad) {
        String firstMetric = byMetric.keySet().iterator().next();
        MetricUnit unit = MetricUnit.of(firstMetric);
        // the caption names the chart; a percentage is scaled up to its threshold so noise does not look like load
        ChartSpec spec = ChartSpec.overTime().axis("y", unit, null, unit == MetricUnit.PERCENT ? thresholdPct : null);
        boolean secondary = false;
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        Timeline.Series telling = null;
        for (List<Timeline.Series> series : byMetric.values()) {
            for (Timeline.Series s : series) {
                boolean isHot = s.source().equals(hotSource);
                String label = s.source() + (byMetric.size() > 1 ? " " + shortName(s.metric()) : "") + (isHot ? " (bottleneck)" : "");
                String color = SourceOrder.color(s.source()) + (hotSource == null || isHot ? "" : "b0");
                var d = spec.timeLine(label, "y", color, s.xs(), s.ys(), s.count()).put("width", isHot ? 3.5 : 1.5);
                if (secondary) {
                    d.put("dash", true);
                }
                if (s.count() > 0) {
                    minX = Math.min(minX, s.xs()[0]);
                    maxX = Math.max(maxX, s.xs()[s.count() - 1]);
                }
                if (!secondary && (telling == null || (lowIsBad ? s.low() < telling.low() : s.peak() > telling.peak()))) {
                    telling = s;
                }
            }
            secondary = true;
        }
        String note = telling == null ? null : lowIsBad ? "lowest " + telling.source() + " " + unit.format(telling.low())
                : note(telling, unit, thresholdPct);
        if (telling != null && minX <= maxX) {
            addLimits(spec, byMetric.get(firstMetric), unit, thresholdPct, minX, maxX);
        }
        return new Figure(title, note, spec, hot);
    }

    /** Capacity and threshold lines, only when the data comes near them (a far line flattens the curve). */
    private static void addLimits(ChartSpec spec, List<Timeline.Series> series, MetricUnit unit, Double thresholdPct,
                                  double minX, double maxX) {
        double peak = series.stream().mapToDouble(Timeline.Series::peak).max().orElse(0);
        Set<Double> capacities = new LinkedHashSet<>();
        series.forEach(s -> {
            if (s.capacity() != null && s.capacity() > 0) {
                capacities.add(s.capacity());
            }
        });
        for (double capacity : capacities) {
            if (unit == MetricUnit.PERCENT && capacity == 100) {
                continue;
            }
            if (peak >= 0.3 * capacity) {
                line(spec, "capacity " + unit.format(capacity), "#111827", capacity, minX, maxX);
            }
            if (thresholdPct != null && peak >= 0.5 * capacity * thresholdPct / 100) {
                line(spec, HumanUnits.pct(thresholdPct) + " threshold", "#dc2626", capacity * thresholdPct / 100, minX, maxX);
            }
        }
        if (unit == MetricUnit.PERCENT && thresholdPct != null && peak >= 0.5 * thresholdPct) {
            line(spec, HumanUnits.pct(thresholdPct) + " threshold", "#dc2626", thresholdPct, minX, maxX);
        }
    }

    private static void line(ChartSpec spec, String label, String color, double y, double minX, double maxX) {
        spec.timeLine(label, "y", color, new double[]{minX, maxX}, new double[]{y, y}, 2).put("dash", true).put("width", 1);
    }

    /** {@code peak broker-1 1.96 cores (98 % of 2.00 cores)}. */
    private static String note(Timeline.Series peak, MetricUnit unit, Double thresholdPct) {
        StringBuilder text = new StringBuilder("peak ").append(peak.source()).append(' ').append(unit.format(peak.peak()));
        Double capacity = peak.capacity();
        if (capacity != null && capacity > 0 && !(unit == MetricUnit.PERCENT && capacity == 100)) {
            text.append(" (").append(HumanUnits.pct(100 * peak.peak() / capacity)).append(" of ").append(unit.format(capacity)).append(')');
        }
        if (thresholdPct != null) {
            text.append(" · threshold ").append(HumanUnits.pct(thresholdPct));
        }
        return text.toString();
    }

    private static String shortName(String metric) {
        return switch (metric) {
            case Metric.NET_RX_BPS -> "rx";
            case Metric.NET_TX_BPS -> "tx";
            case Metric.LEADER_WRITE_BPS -> "leader";
            case Metric.FOLLOWER_WRITE_BPS -> "follower";
            case Metric.REQUEST_HANDLER_IDLE_PCT -> "handlers";
            case Metric.NETWORK_PROCESSOR_IDLE_PCT -> "network";
            default -> metric;
        };
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
