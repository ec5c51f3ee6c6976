package io.mqprobe.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How far two runs of one build may lie apart and still be taken for the same, per scenario and figure: one share for
 * every figure ({@code --run-noise 20%}), or what measured series showed on a machine ({@code --run-noise
 * bench/run-noise.json}, the figures of every run {@code bench/reproducibility.sh} made). A figure the file does not
 * know falls back to its {@code fallbackPct}.
 *
 * @param fallbackPct for figures without a measured spread, in % of the baseline
 * @param byFigure    measured spreads keyed {@code scenario/figure}, in % of the lower of two runs
 * @param source      where the figures came from (a file and which of its runs), or {@code null} for one share for all
 */
public record RunNoise(double fallbackPct, Map<String, Double> byFigure, String source) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Options that say where a run writes, not what it measures: their values differ between runs of one series. */
    private static final Set<String> OUTPUT_OPTIONS = Set.of("--out", "--json", "--junit");

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
     * Reads a file {@code bench/reproducibility.sh} keeps: {@code {"fallbackPct": 20, "figuresSince": "ead74a7",
     * "series": [{"figuresSince": "ead74a7", "probeOptions": "", "runs": [{"single/ceiling": 213.2, ...}, ...]}]}}.
     * Only the series of the code since the file's {@code figuresSince} (the last change that moves a figure) and of
     * the compared runs' probe options count: the spread of older code or other options says nothing about these runs',
     * and it is what made a file that kept every series' largest gap allow 379 %. (It took the last series' options
     * before: two series of `probe --scenarios single,broker-ceiling` at the end of the file made a default probe's
     * compare read their six runs alone.) Each figure's spread is the largest gap between
     * any two of those runs, whichever series they ran in: a baseline from another hour is as much the same build, and
     * a compare judges a dozen figures at once, so an allowance that only a typical gap fills would call one of them
     * changed in most comparisons of a build with itself (two default probes of one code on the 2-core test machine,
     * 21 runs on 2026-12-03: ceilings and sustainable loads a median of 17.5 % apart, one pair in twenty 63 % or more).
     *
     * @param probeOptions the options the compared runs were probed with ({@link #probeOptions}), as the file keeps them
     * @throws UsageException when it is missing, unreadable, not such a file, or holds fewer than two such runs
     */
    public static RunNoise read(Path file, String probeOptions) {
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
        JsonNode series = root.path("series");
        String code = root.path("figuresSince").asText("");
        if (!root.path("fallbackPct").isNumber() || !series.isArray() || series.isEmpty() || code.isEmpty()) {
            throw new UsageException(file
                    + " holds no measured series (\"fallbackPct\", \"figuresSince\" and \"series\")");
        }
        List<Map<String, Double>> runs = new ArrayList<>();
        int counted = 0;
        for (JsonNode one : series) {
            if (code.equals(one.path("figuresSince").asText()) && probeOptions.equals(one.path("probeOptions").asText(""))) {
                counted++;
                one.path("runs").forEach(run -> runs.add(figures(file, run)));
            }
        }
        String probe = "`probe" + (probeOptions.isEmpty() ? "" : " " + probeOptions) + "`";
        if (runs.size() < 2) {
            throw new UsageException(file + " holds " + runs.size() + " run(s) of " + probe + " with the code since " + code
                    + ": a spread needs two (bench/reproducibility.sh measures them; or give --run-noise a percentage)");
        }
        String which = runs.size() + " runs in " + counted + " series of " + probe + ", code since " + code;
        return new RunNoise(root.path("fallbackPct").asDouble(), largestGaps(runs), file + " (" + which + ")");
    }

    /**
     * A run's probe options as bench/reproducibility.sh keeps them: its arguments after the command, without where it
     * wrote its result ({@code --out DIR}, {@code --json FILE}, {@code --junit FILE}), joined by spaces.
     */
    public static String probeOptions(List<String> argv) {
        List<String> kept = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (OUTPUT_OPTIONS.contains(arg)) {
                i++;   // its value
            } else if (OUTPUT_OPTIONS.stream().noneMatch(o -> arg.startsWith(o + "="))) {
                kept.add(arg);
            }
        }
        return String.join(" ", kept);
    }

    private static Map<String, Double> figures(Path file, JsonNode run) {
        Map<String, Double> figures = new TreeMap<>();
        run.properties().forEach(e -> {
            if (!e.getValue().isNumber() || !(e.getValue().asDouble() > 0)) {
                throw new UsageException(file + ": " + e.getKey() + " of a run is not a positive figure");
            }
            figures.put(e.getKey(), e.getValue().asDouble());
        });
        return figures;
    }

    /**
     * Per figure the largest gap between two runs that both have it, in % of the lower, up to the next half percent
     * (the file holds MB/s to one decimal, a little coarser than the result files compared); none for a figure one run
     * had.
     */
    private static Map<String, Double> largestGaps(List<Map<String, Double>> runs) {
        Map<String, Double> gaps = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                Map<String, Double> other = runs.get(j);
                runs.get(i).forEach((key, a) -> {
                    Double b = other.get(key);
                    if (b != null) {
                        gaps.merge(key, Math.abs(a - b) / Math.min(a, b) * 100, Math::max);
                    }
                });
            }
        }
        gaps.replaceAll((key, gap) -> Math.ceil(gap * 2) / 2);
        return gaps;
    }
}
