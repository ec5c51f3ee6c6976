package io.mqprobe.omb;

import io.mqprobe.result.ResultJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;

/**
 * OMB's result file ({@code TestResult}) from a run's {@link OmbWindows}, so OMB's chart script and the tools
 * built on it read mqprobe's runs. Field names and units are OMB's: publish and end-to-end latencies in ms,
 * publish delay in µs, rates per window. mqprobe's own figures ride along under {@code mqprobe…} names (OMB's
 * readers look fields up by name, so extra ones are ignored).
 */
public final class OmbResultFile {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss").withZone(ZoneOffset.UTC);
    /** OMB's percentile suffixes, in its order. */
    static final List<String> SUFFIXES = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct", "99999pct", "Max");
    /** Quantile points per halving of the distance to 100 % in the aggregated quantile maps. */
    private static final int QUANTILE_TICKS_PER_HALF = 100;

    private OmbResultFile() {
    }

    /** How a latency in µs is written: OMB's milliseconds with fractions, or whole microseconds. */
    private enum Unit {
        MILLIS, MICROS
    }

    /** {@code <workload>-<driver>-yyyy-MM-dd-HH-mm-ss.json}, characters a file name cannot hold replaced by '-'. */
    public static String fileName(String workload, String driver, Instant at) {
        return safe(workload) + "-" + safe(driver) + "-" + STAMP.format(at) + ".json";
    }

    private static String safe(String name) {
        return name.trim().replaceAll("[\\s/\\\\:*?\"<>|]+", "-");
    }

    /**
     * Writes the file into {@code dir} and returns its path.
     *
     * @param notes where the run differed from OMB: the plan's, and what only the run could tell (late sends)
     */
    public static Path write(Path dir, OmbPlan plan, OmbWindows windows, List<String> notes, Instant at) {
        Path file = dir.resolve(fileName(plan.workload().name(), plan.driver().name(), at));
        try {
            Files.createDirectories(dir);
            ResultJson.writeFile(file, toJson(plan.workload(), plan.driver(), windows, notes));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    static ObjectNode toJson(OmbWorkload workload, OmbDriverConfig driver, OmbWindows run, List<String> notes) {
        List<OmbWindows.Window> windows = run.windows();
        ObjectNode json = ResultJson.MAPPER.createObjectNode();
        json.put("workload", workload.name());
        json.put("driver", driver.name());
        json.put("messageSize", workload.messageSizeBytes());
        json.put("topics", workload.topics());
        json.put("partitions", workload.partitionsPerTopic());
        json.put("producersPerTopic", workload.producersPerTopic());
        // OMB writes one subscription's consumers here, whatever the number of subscriptions
        json.put("consumersPerTopic", workload.consumerPerSubscription());
        doubles(json.putArray("publishRate"), windows, OmbWindows.Window::publishRate);
        doubles(json.putArray("publishErrorRate"), windows, OmbWindows.Window::publishErrorRate);
        doubles(json.putArray("consumeRate"), windows, OmbWindows.Window::consumeRate);
        ArrayNode backlog = json.putArray("backlog");
        windows.forEach(w -> backlog.add(w.backlog()));

        series(json, "publishLatency", windows, OmbWindows.Window::publish, Unit.MILLIS);
        series(json, "publishDelayLatency", windows, OmbWindows.Window::publishDelay, Unit.MICROS);
        aggregated(json, "aggregatedPublishLatency", run.publish(), Unit.MILLIS);
        aggregated(json, "aggregatedPublishDelayLatency", run.publishDelay(), Unit.MICROS);
        quantiles(json, "aggregatedPublishLatencyQuantiles", run.publish(), Unit.MILLIS);
        quantiles(json, "aggregatedPublishDelayLatencyQuantiles", run.publishDelay(), Unit.MICROS);
        series(json, "endToEndLatency", windows, OmbWindows.Window::endToEnd, Unit.MILLIS);
        quantiles(json, "aggregatedEndToEndLatencyQuantiles", run.endToEnd(), Unit.MILLIS);
        aggregated(json, "aggregatedEndToEndLatency", run.endToEnd(), Unit.MILLIS);

        // OMB's publish latency starts at the actual send; mqprobe's corrected one at the intended send time, so a
        // producer that fell behind its schedule shows here and not there (coordinated omission)
        series(json, "mqprobeCorrectedPublishLatency", windows, OmbWindows.Window::publishCorrected, Unit.MILLIS);
        aggregated(json, "mqprobeAggregatedCorrectedPublishLatency", run.publishCorrected(), Unit.MILLIS);
        ArrayNode seconds = json.putArray("mqprobeWindowSeconds");
        windows.forEach(w -> seconds.add(w.durationMs() / 1000.0));
        ArrayNode noteArray = json.putArray("mqprobeNotes");
        notes.forEach(noteArray::add);
        return json;
    }

    private static void doubles(ArrayNode array, List<OmbWindows.Window> windows, Function<OmbWindows.Window, Double> value) {
        windows.forEach(w -> array.add(value.apply(w)));
    }

    private static void series(ObjectNode json, String prefix, List<OmbWindows.Window> windows,
                               Function<OmbWindows.Window, OmbPercentiles> latency, Unit unit) {
        for (int i = 0; i < SUFFIXES.size(); i++) {
            ArrayNode array = json.putArray(prefix + SUFFIXES.get(i));
            for (OmbWindows.Window w : windows) {
                array.add(value(latency.apply(w), i, unit));
            }
        }
    }

    private static void aggregated(ObjectNode json, String prefix, Histogram histogram, Unit unit) {
        OmbPercentiles p = OmbPercentiles.of(histogram);
        for (int i = 0; i < SUFFIXES.size(); i++) {
            json.set(prefix + SUFFIXES.get(i), value(p, i, unit));
        }
    }

    /** Suffix {@code i} of {@code p}: the mean stays fractional in both units, percentiles in µs are whole. */
    private static JsonNode value(OmbPercentiles p, int i, Unit unit) {
        if (i == 0) {
            return NODES.numberNode(unit == Unit.MILLIS ? p.meanUs() / 1000.0 : p.meanUs());
        }
        long us = switch (i) {
            case 1 -> p.p50Us();
            case 2 -> p.p75Us();
            case 3 -> p.p95Us();
            case 4 -> p.p99Us();
            case 5 -> p.p999Us();
            case 6 -> p.p9999Us();
            case 7 -> p.p99999Us();
            default -> p.maxUs();
        };
        return unit == Unit.MILLIS ? NODES.numberNode(us / 1000.0) : NODES.numberNode(us);
    }

    private static void quantiles(ObjectNode json, String name, Histogram histogram, Unit unit) {
        ObjectNode map = json.putObject(name);
        if (histogram.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue v : histogram.percentiles(QUANTILE_TICKS_PER_HALF)) {
            String key = Double.toString(v.getPercentileLevelIteratedTo());
            long us = v.getValueIteratedTo();
            map.set(key, unit == Unit.MILLIS ? NODES.numberNode(us / 1000.0) : NODES.numberNode(us));
        }
    }
}
