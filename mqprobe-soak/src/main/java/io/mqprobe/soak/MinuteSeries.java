package io.mqprobe.soak;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.result.IntervalRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Folds a soak's measured seconds and its monitors' samples into minutes ({@link SoakMinute}): means for rates, the
 * last reading for levels (log size, old generation after a collection), the fewest under-replicated partitions, and
 * per broker the page cache's residency, its cached bytes over the bytes it wrote per second.
 */
final class MinuteSeries {

    static final long MINUTE_MS = 60_000;
    static final String BROKER_PREFIX = "broker-";
    static final String GROUP_PREFIX = "group:";

    private MinuteSeries() {
    }

    static int minuteOf(long epochMs, long originMs) {
        return (int) ((epochMs - originMs) / MINUTE_MS);
    }

    /**
     * @param rows         the load step's seconds
     * @param loadEndMs    when the producers stopped: seconds after it are the drain
     * @param latency      the minutes' percentiles, or {@code null} to take the seconds' own p99 (the highest)
     * @param samples      the monitors' samples over the step
     * @param onTimeGroup  the group that reads as the writes arrive
     * @param catchUpGroup the group kept behind, or {@code null}
     */
    static List<SoakMinute> of(List<IntervalRow> rows, long loadEndMs, MinuteLatency latency, List<ResourceSample> samples,
                               String onTimeGroup, String catchUpGroup) {
        List<IntervalRow> measured = rows.stream()
                .filter(r -> IntervalRow.MEASURE.equals(r.phase()) && r.epochMs() <= loadEndMs).toList();
        if (measured.isEmpty()) {
            return List.of();
        }
        long origin = measured.get(0).epochMs();
        Map<Integer, List<IntervalRow>> secondsByMinute = new TreeMap<>();
        measured.forEach(r -> secondsByMinute.computeIfAbsent(minuteOf(r.epochMs(), origin), m -> new ArrayList<>()).add(r));
        Map<Integer, Readings> readingsByMinute = new HashMap<>();
        for (ResourceSample s : samples) {
            if (s.epochMs() >= origin - 1_000 && s.epochMs() <= loadEndMs) {
                readingsByMinute.computeIfAbsent(Math.max(0, minuteOf(s.epochMs(), origin)), m -> new Readings()).add(s);
            }
        }
        List<SoakMinute> minutes = new ArrayList<>();
        secondsByMinute.forEach((minute, seconds) -> minutes.add(minute(minute, seconds, latency,
                readingsByMinute.getOrDefault(minute, new Readings()), onTimeGroup, catchUpGroup)));
        return minutes;
    }

    private static SoakMinute minute(int minute, List<IntervalRow> seconds, MinuteLatency latency, Readings readings,
                                     String onTimeGroup, String catchUpGroup) {
        double acked = seconds.stream().mapToDouble(IntervalRow::ackedPerSecond).average().orElse(0);
        double bytes = seconds.stream().mapToDouble(IntervalRow::bytesPerSecond).average().orElse(0);
        long errors = seconds.stream().mapToLong(IntervalRow::errors).sum();
        MinuteLatency.Percentiles p = latency == null ? null : latency.of(minute);
        Double p99Ms = p != null ? Double.valueOf(p.p99Us() / 1000)
                : Double.valueOf(seconds.stream().mapToDouble(IntervalRow::p99Us).max().orElse(0) / 1000);
        Double p999Ms = p == null ? null : p.p999Us() / 1000;
        Double e2eP99Ms = p != null && p.e2eP99Us() != null ? Double.valueOf(p.e2eP99Us() / 1000) : seconds.stream()
                .map(IntervalRow::e2eP99Us).filter(Objects::nonNull).map(v -> v / 1000).max(Double::compare).orElse(null);
        Map<String, SoakMinute.Broker> brokers = new TreeMap<>();
        double allWrites = 0;
        for (String broker : readings.sources(BROKER_PREFIX)) {
            SoakMinute.Broker b = broker(readings, broker);
            brokers.put(broker, b);
            allWrites += b.writeBps() == null ? 0 : b.writeBps();
        }
        Double hostCache = readings.mean("host", Metric.PAGE_CACHE_BYTES);
        Double hostResidency = hostCache == null || allWrites <= 0 ? null : hostCache / allWrites;
        return new SoakMinute(minute, seconds.get(0).epochMs(), seconds.size(), acked, bytes, p99Ms, p999Ms, e2eP99Ms, errors,
                readings.max(GROUP_PREFIX + onTimeGroup, Metric.CONSUMER_LAG),
                catchUpGroup == null ? null : readings.mean(GROUP_PREFIX + catchUpGroup, Metric.GROUP_LAG_SECONDS),
                catchUpGroup == null ? null : readings.mean(GROUP_PREFIX + catchUpGroup, Metric.GROUP_READ_BPS),
                readings.min("cluster", Metric.UNDER_REPLICATED), hostResidency, brokers);
    }

    private static SoakMinute.Broker broker(Readings r, String broker) {
        // what reaches its page cache: the process's own writes where it is sampled here, else its logs' growth
        Double processWrites = r.mean(broker, Metric.DISK_WRITE_BPS);
        Double leader = r.mean(broker, Metric.LEADER_WRITE_BPS);
        Double follower = r.mean(broker, Metric.FOLLOWER_WRITE_BPS);
        Double writes = processWrites != null ? processWrites
                : leader == null && follower == null ? null : (leader == null ? 0 : leader) + (follower == null ? 0 : follower);
        Double cache = r.mean(broker, Metric.PAGE_CACHE_BYTES);
        Double residency = cache == null || writes == null || writes <= 0 ? null : cache / writes;
        return new SoakMinute.Broker(r.mean(broker, Metric.CPU_CORES), r.mean(broker, Metric.GC_MS_PER_S),
                r.last(broker, Metric.OLD_GEN_AFTER_GC_BYTES, ResourceSample::value),
                r.last(broker, Metric.OLD_GEN_AFTER_GC_BYTES, ResourceSample::capacity),
                r.last(broker, Metric.LOG_SIZE_BYTES, ResourceSample::value), cache, writes,
                r.mean(broker, Metric.DISK_READ_BPS), r.last(broker, Metric.DISK_WRITE_BPS, ResourceSample::capacity), residency);
    }

    /** One minute's samples by source and metric, in the order taken. */
    private static final class Readings {
        private final Map<String, Map<String, List<ResourceSample>>> bySource = new HashMap<>();

        void add(ResourceSample s) {
            bySource.computeIfAbsent(s.source(), k -> new HashMap<>()).computeIfAbsent(s.metric(), k -> new ArrayList<>()).add(s);
        }

        List<String> sources(String prefix) {
            return new ArrayList<>(new TreeSet<>(bySource.keySet().stream().filter(s -> s.startsWith(prefix)).toList()));
        }

        private List<ResourceSample> of(String source, String metric) {
            return bySource.getOrDefault(source, Map.of()).getOrDefault(metric, List.of()).stream()
                    .filter(s -> Double.isFinite(s.value())).toList();
        }

        Double mean(String source, String metric) {
            List<ResourceSample> s = of(source, metric);
            return s.isEmpty() ? null : s.stream().mapToDouble(ResourceSample::value).average().orElseThrow();
        }

        Double max(String source, String metric) {
            List<ResourceSample> s = of(source, metric);
            return s.isEmpty() ? null : s.stream().mapToDouble(ResourceSample::value).max().orElseThrow();
        }

        Double min(String source, String metric) {
            List<ResourceSample> s = of(source, metric);
            return s.isEmpty() ? null : s.stream().mapToDouble(ResourceSample::value).min().orElseThrow();
        }

        Double last(String source, String metric, Function<ResourceSample, Double> field) {
            List<ResourceSample> s = of(source, metric);
            if (s.isEmpty()) {
                return null;
            }
            Double v = field.apply(s.get(s.size() - 1));
            return v == null || !Double.isFinite(v) ? null : v;
        }
    }
}
