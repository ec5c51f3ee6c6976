package io.mqprobe.report;

import io.mqprobe.result.ResultReading;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The sample result documents under {@code src/test/resources/samples} and helpers to look inside reports. */
public final class Samples {

    public static final String FULL_PROBE = "probe-full";
    public static final String E2E = "e2e-single";
    public static final String INTERRUPTED = "probe-interrupted";
    public static final String EMPTY = "empty-incomplete";
    public static final String SWEEP_GRID = "sweep-grid";
    /** A real chaos run (acks=1, leader killed and restarted: 6,361 acknowledged messages lost), timeline trimmed. */
    public static final String CHAOS = "chaos-acks1";
    public static final List<String> ALL = List.of(FULL_PROBE, E2E, INTERRUPTED, EMPTY, SWEEP_GRID);

    public static final ObjectMapper JSON = new ObjectMapper();

    private static final Pattern CHART_DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"mq-charts\">(.*?)</script>", Pattern.DOTALL);

    private Samples() {
    }

    /** A fresh, mutable copy of a sample. */
    /** report.html of a hand-made or loaded result tree, read as its records as `mqprobe report` reads a file. */
    public static String html(JsonNode result) {
        return HtmlReport.render(new ReportInput(ResultReading.document(result, "the sample"), result.get("plan")));
    }

    public static ObjectNode load(String name) {
        try (InputStream in = Samples.class.getResourceAsStream("/samples/" + name + ".json")) {
            return (ObjectNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Plants the host's readings of {@code metric} ({@code mem.speed.mb_per_cpu_s}, {@code cpu.speed.mb_per_cpu_s}) at
     * the scenario's steps, one value per step in turn, replacing any the sample held.
     */
    public static void hostReadings(ObjectNode result, String scenario, String metric, double... values) {
        for (JsonNode s : result.withArray("scenarios")) {
            if (!s.path("name").asText().equals(scenario)) {
                continue;
            }
            ArrayNode steps = (ArrayNode) s.path("steps");
            for (int i = 0; i < steps.size(); i++) {
                ArrayNode resources = (ArrayNode) steps.get(i).path("resources");
                for (int r = resources.size() - 1; r >= 0; r--) {
                    if (resources.get(r).path("metric").asText().equals(metric)) {
                        resources.remove(r);
                    }
                }
                double reading = values[i % values.length];
                resources.addObject().put("source", "host").put("metric", metric).put("mean", reading).put("peak", reading)
                        .putNull("capacity");
            }
        }
    }

    /** Copies a sample to {@code dir} as result.json, the way a run leaves it. */
    public static Path copyTo(String name, Path dir) throws IOException {
        Path file = dir.resolve("result.json");
        Files.writeString(file, JSON.writeValueAsString(load(name)));
        return file;
    }

    /** The chart specs embedded in a rendered page. */
    public static ArrayNode chartSpecs(String html) {
        Matcher m = CHART_DATA.matcher(html);
        if (!m.find()) {
            throw new AssertionError("no chart data block in the page");
        }
        try {
            return (ArrayNode) JSON.readTree(m.group(1));
        } catch (IOException e) {
            throw new AssertionError("chart data is not JSON", e);
        }
    }

    /** All dataset labels of the given specs. */
    public static List<String> datasetLabels(JsonNode specs) {
        List<String> labels = new ArrayList<>();
        specs.forEach(spec -> spec.get("datasets").forEach(d -> labels.add(d.get("label").asText())));
        return labels;
    }

    /** The markup of the section with {@code id}. */
    public static String section(String html, String id) {
        int start = html.indexOf("<section class=\"scenario card\" id=\"" + id + "\">");
        if (start < 0) {
            throw new AssertionError("no section " + id);
        }
        return html.substring(start, html.indexOf("</section>", start));
    }

    public static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length())) {
            n++;
        }
        return n;
    }
}
