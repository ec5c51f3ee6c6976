package io.mqprobe.soak;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.TimedRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.DoublePredicate;
import java.util.function.Function;

/**
 * Folds a soak's measured seconds and its monitors' samples into minutes ({@link SoakMinute}): means for rates, the
 * last reading for levels (log size, old generation after a collection), the fewest under-replicated partitions, and
 * per broker the page cache's residency, its cached bytes over the bytes it wrote per second.
 */
final class MinuteSeries {

    static final long MINUTE_MS = 60_000;
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
     * @param criteria     its groups: the on-time one, and the catch-up one (kept behind, or from the start) if any
     */
    static List<SoakMinute> of(List<IntervalRow> rows, long loadEndMs, MinuteLatency latency, List<ResourceSample> samples,
                               SoakCriteria criteria) {
        List<IntervalRow> measured = rows.stream()
                .filter(r -> IntervalRow.MEASURE.equals(r.phase()) && r.epochMs() <= loadEndMs).toList();
        if (measured.isEmpty()) {
            return List.of();
        }
        long origin = measured.get(0).epochMs();
        Map<Integer, List<TimedRow>> secondsByMinute = new TreeMap<>();
        TimedRow.of(measured).forEach(s -> secondsByMinute.computeIfAbsent(minuteOf(s.row().epochMs(), origin),
                m -> new ArrayList<>()).add(s));
        Map<Integer, Readings> readingsByMinute = new HashMap<>();
        Map<String, ResourceSample> lastSegments = new HashMap<>();
        for (ResourceSample s : samples) {
            if (s.epochMs() > loadEndMs) {
                continue;
            }
            // a segment count's change is the minute's where it was read; the reading before it may lie before the soak
            ResourceSample before = Metric.LOG_SEGMENTS.equals(s.metric()) ? lastSegments.put(s.source(), s) : null;
            if (s.epochMs() >= origin - 1_000) {
                Readings readings = readingsByMinute.computeIfAbsent(Math.max(0, minuteOf(s.epochMs(), origin)),
                        m -> new Readings());
                readings.add(s);
                if (before != null) {
                    readings.segmentChange(s.source(), s.value() - before.value());
                }
            }
        }
        List<SoakMinute> minutes = new ArrayList<>();
        secondsByMinute.forEach((minute, seconds) -> minutes.add(minute(minute, seconds, latency,
                readingsByMinute.getOrDefault(minute, new Readings()), criteria)));
        return minutes;
    }

    private static SoakMinute minute(int minute, List<TimedRow> timed, MinuteLatency latency, Readings readings,
                                     SoakCriteria criteria) {
        String catchUpGroup = criteria.catchUpGroup();
        List<IntervalRow> seconds = timed.stream().map(TimedRow::row).toList();
        double acked = TimedRow.mean(timed, IntervalRow::ackedPerSecond);
        double bytes = TimedRow.mean(timed, IntervalRow::bytesPerSecond);
        long errors = seconds.stream().mapToLong(IntervalRow::errors).sum();
        MinuteLatency.Percentiles p = latency == null ? null : latency.of(minute);
        Double p99Ms = p != null ? Double.valueOf(p.p99Us() / 1000)
                : Double.valueOf(seconds.stream().mapToDouble(IntervalRow::p99Us).max().orElse(0) / 1000);
        Double p999Ms = p == null ? null : p.p999Us() / 1000;
        Double e2eP99Ms = p != null && p.e2eP99Us() != null ? Double.valueOf(p.e2eP99Us() / 1000) : seconds.stream()
                .map(IntervalRow::e2eP99Us).filter(Objects::nonNull).map(v -> v / 1000).max(Double::compare).orElse(null);
        Map<String, SoakMinute.Broker> brokers = new TreeMap<>();
        double allWrites = 0;
        for (String broker : readings.sources(Sources.BROKER_PREFIX)) {
            SoakMinute.Broker b = broker(readings, broker);
            brokers.put(broker, b);
            allWrites += b.writeBps() == null ? 0 : b.writeBps();
        }
        Double hostCache = readings.mean(Sources.HOST, Metric.PAGE_CACHE_BYTES);
        Double hostResidency = hostCache == null || allWrites <= 0 ? null : hostCache / allWrites;
        return new SoakMinute(minute, seconds.get(0).epochMs(), seconds.size(), acked, bytes, p99Ms, p999Ms, e2eP99Ms, errors,
                readings.max(GROUP_PREFIX + criteria.onTimeGroup(), Metric.CONSUMER_LAG),
                catchUpGroup == null ? null : catchUpLag(readings, criteria),
                catchUpGroup == null ? null : readings.mean(GROUP_PREFIX + catchUpGroup, Metric.GROUP_READ_BPS),
                readings.min(Sources.CLUSTER, Metric.UNDER_REPLICATED), hostResidency, brokers, cpu(readings));
    }

    /**
     * How far behind the catch-up group read: its mean when kept behind; from the start, the furthest, as it is when
     * the minute begins, so the minute it joined says how far behind it began.
     */
    private static Double catchUpLag(Readings readings, SoakCriteria criteria) {
        String source = GROUP_PREFIX + criteria.catchUpGroup();
        return criteria.catchUpFromStart() ? readings.max(source, Metric.GROUP_LAG_SECONDS)
                : readings.mean(source, Metric.GROUP_LAG_SECONDS);
    }

    /** Every process's and the host's CPU against the tightest limit reported with it in the minute. */
    private static Map<String, SoakMinute.Cpu> cpu(Readings r) {
        Map<String, SoakMinute.Cpu> cpu = new TreeMap<>();
        for (String source : r.sources("")) {
            Double cores = r.mean(source, Metric.CPU_CORES);
            if (cores != null && !source.startsWith(GROUP_PREFIX)) {
                cpu.put(source, new SoakMinute.Cpu(cores, r.meanOf(source, Metric.CPU_CORES, MinuteSeries::capacity),
                        r.mean(source, Metric.CPU_THROTTLED_SHARE)));
            }
        }
        return cpu;
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
        return new SoakMinute.Broker(r.mean(broker, Metric.GC_MS_PER_S),
                r.last(broker, Metric.OLD_GEN_AFTER_GC_BYTES, ResourceSample::value),
                r.last(broker, Metric.OLD_GEN_AFTER_GC_BYTES, MinuteSeries::capacity),
                r.last(broker, Metric.LOG_SIZE_BYTES, ResourceSample::value), cache, writes,
                r.mean(broker, Metric.DISK_READ_BPS), r.last(broker, Metric.DISK_WRITE_BPS, MinuteSeries::capacity), residency,
                r.segments(broker, true), r.segments(broker, false),
                r.count(broker, Metric.GC_MS_PER_S, v -> v >= SoakMinute.Broker.LONG_GC_MS_PER_S));
    }

    /** A sample's capacity as the soak's minutes hold a figure they may not know: null when unknown. */
    private static Double capacity(ResourceSample s) {
        return s.capacity().isPresent() ? Double.valueOf(s.capacity().getAsDouble()) : null;
    }

    /** One minute's samples by source and metric, in the order taken. */
    private static final class Readings {
        private final Map<String, Map<String, List<ResourceSample>>> bySource = new HashMap<>();
        /** Per source, the segments added (rolled) and taken away (deleted) between its readings. */
        private final Map<String, int[]> segmentChanges = new HashMap<>();

        void segmentChange(String source, double change) {
            int[] changes = segmentChanges.computeIfAbsent(source, k -> new int[2]);
            changes[change > 0 ? 0 : 1] += (int) Math.round(Math.abs(change));
        }

        /** Segments rolled (or deleted) in the minute; {@code null} where no count was read in it. */
        Integer segments(String source, boolean rolled) {
            if (of(source, Metric.LOG_SEGMENTS).isEmpty()) {
                return null;
            }
            int[] changes = segmentChanges.getOrDefault(source, new int[2]);
            return changes[rolled ? 0 : 1];
        }

        /** How many of the minute's readings match, or {@code null} where there were none. */
        Integer count(String source, String metric, DoublePredicate matches) {
            List<ResourceSample> s = of(source, metric);
            return s.isEmpty() ? null : (int) s.stream().mapToDouble(ResourceSample::value).filter(matches).count();
        }

        /**
         * The mean of a field over the minute's readings that have one: a limit against the mean use. The host's limit
         * is its cores less what the hypervisor stole, which moves by the second; its smallest against the mean use read
         * "105 % of its 2 cores" in a soak here.
         */
        Double meanOf(String source, String metric, Function<ResourceSample, Double> field) {
            java.util.OptionalDouble mean = of(source, metric).stream().map(field)
                    .filter(v -> v != null && Double.isFinite(v) && v > 0).mapToDouble(Double::doubleValue).average();
            return mean.isPresent() ? mean.getAsDouble() : null;
        }

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
