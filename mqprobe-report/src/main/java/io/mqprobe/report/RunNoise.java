package io.mqprobe.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far two runs of one build may lie apart and still be taken for the same, per scenario and figure: one share for
 * every figure ({@code --run-noise 20%}), or what measured series showed on a machine ({@code --run-noise
 * bench/run-noise.json}, written by {@code bench/reproducibility.sh}: per figure the largest gap between two runs of one
 * build over every series it ran, e.g. {@code "replicated-all/sustainable": 31.2}). A figure the file does not know
 * falls back to its {@code fallbackPct}.
 *
 * @param fallbackPct for figures without a measured spread, in % of the baseline
 * @param byFigure    measured spreads keyed {@code scenario/figure}, in % of the lower of two runs
 * @param source      where the figures came from (a file), or {@code null} for one share for all
 */
public record RunNoise(double fallbackPct, Map<String, Double> byFigure, String source) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunNoise {
        if (!(fallbackPct >= 0)) {
            throw new UsageException("bad --run-noise " + fallbackPct + " %: a percentage of 0 or more");
        }
        byFigure = Map.copyOf(byFigure);
    }

    /** One share for every figure. */
    public static RunNoise uniform(double pct) {
        return new RunNoise(pct, Map.of(), null);
    }

    /** The spread allowed for one figure of one scenario, in %. */
    public double pct(String scenario, String figure) {
        return byFigure.getOrDefault(scenario + "/" + figure, fallbackPct);
    }

    /**
     * Reads a file {@code bench/reproducibility.sh} wrote: {@code {"fallbackPct": 20, "figures": {"single/ceiling": 17.9}}}.
     *
     * @throws UsageException when it is missing, unreadable or not such a file
     */
    public static RunNoise read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + file + " (--run-noise takes a percentage or a file of measured spreads)");
        } catch (JacksonException e) {
            throw new UsageException(file + " is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UsageException("cannot read " + file + ": " + e.getMessage());
        }
        JsonNode figures = root.path("figures");
        if (!root.path("fallbackPct").isNumber() || !figures.isObject()) {
            throw new UsageException(file + " holds no measured run-to-run spreads (\"fallbackPct\" and \"figures\")");
        }
        Map<String, Double> byFigure = new TreeMap<>();
        figures.properties().forEach(e -> {
            if (!e.getValue().isNumber() || e.getValue().asDouble() < 0) {
                throw new UsageException(file + ": the spread of " + e.getKey() + " is not a percentage of 0 or more");
            }
            byFigure.put(e.getKey(), e.getValue().asDouble());
        });
        return new RunNoise(root.path("fallbackPct").asDouble(), byFigure, file.toString());
    }
}
