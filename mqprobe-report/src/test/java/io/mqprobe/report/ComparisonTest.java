package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class ComparisonTest {

    private static final List<String> NAMES = List.of("before.json", "after.json");
    private static final String MEMORY = "mem.speed.mb_per_cpu_s";

    @Test
    void should_flag_a_planted_regression_beyond_the_spread_and_not_one_within_it() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode after = probeWithIntervals(0.05);
        scale(after, "single", "ceiling", 0.70);          // -30 %: the ±5 % intervals are far apart
        scale(after, "broker-ceiling", "ceiling", 1.02);  // +2 %: inside the ±5 % intervals
        bottleneck(after, "replicated-all", "disk");
        // a run that named nothing: its verdict has a resource and no process
        bottleneck(after, "replicated-leader", "none");
        ((ObjectNode) verdict(after, "replicated-leader").path("bottleneck")).putNull("source");

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)));

        assertThat(change(comparison, "single", "ceiling")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
        assertThat(value(comparison, "single", "ceiling").deltaPct()).isCloseTo(-30, within(1e-9));
        assertThat(change(comparison, "broker-ceiling", "ceiling")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(comparison, "single", "sustainable")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(comparison, "replicated-all", "bottleneck")).isEqualTo(Comparison.Change.CHANGED);
        assertThat(change(comparison, "single", "bottleneck")).isEqualTo(Comparison.Change.SAME);
        assertThat(comparison.anyChange()).isTrue();
        assertThat(ComparisonText.terminal(comparison)).doesNotContain("null");
        assertThat(ComparisonText.terminal(comparison))
                .containsPattern("66\\.5 MB/s ±5(\\.0)? % \\(-30\\.0 %, beyond the spread\\)")
                .containsPattern("117\\.3 MB/s ±5(\\.0)? % \\(\\+2\\.0 %\\)")
                .contains("disk / broker-2 (changed)")
                .containsPattern("replicated-leader +bottleneck +cpu / broker-\\d +none \\(changed\\)")
                .contains("1 figure moved beyond the runs' spread, 2 verdicts changed");
        assertThat(ComparisonText.markdown(comparison)).containsPattern("\\| single \\| ceiling \\| 95\\.0 MB/s ±5(\\.0)? % \\| 66\\.5 MB/s");
    }

    @Test
    void should_judge_a_sustainable_load_by_its_search_resolution_not_by_its_steady_paced_step() {
        ObjectNode before = probeWithIntervals(0.005);
        ObjectNode after = probeWithIntervals(0.005);
        scale(after, "single", "sustainable", 1.08);
        scale(after, "broker-ceiling", "sustainable", 1.08);
        // single's search ended within 12 % of its failing rate in both runs; broker-ceiling's within 2 %
        for (ObjectNode run : List.of(before, after)) {
            ((ObjectNode) verdict(run, "single").path("sustainable")).put("searchedWithinPct", 12.0);
            ((ObjectNode) verdict(run, "broker-ceiling").path("sustainable")).put("searchedWithinPct", 2.0);
        }

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)), 0);

        assertThat(change(comparison, "single", "sustainable")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(comparison, "broker-ceiling", "sustainable")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
    }

    @Test
    void should_judge_a_knee_read_from_paced_rates_by_the_gap_to_the_rate_where_latency_rose() {
        // issue 39: one build's paced knee at half the ceiling in one run and a quarter in the next, the rates a step apart
        ObjectNode before = probeWithIntervals(0.005);
        ObjectNode after = probeWithIntervals(0.005);
        ObjectNode unbracketed = probeWithIntervals(0.005);
        scale(after, "single", "knee", 0.5);
        scale(unbracketed, "single", "knee", 0.5);
        ((ObjectNode) verdict(before, "single").path("knee")).put("searchedWithinPct", 33.0);
        ((ObjectNode) verdict(after, "single").path("knee")).put("searchedWithinPct", 50.0);
        ((ObjectNode) verdict(unbracketed, "single").path("knee")).put("searchedWithinPct", 10.0);

        assertThat(change(Comparison.of(NAMES, documents(List.of(before, after)), 0), "single", "knee"))
                .isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(Comparison.of(NAMES, documents(List.of(before, unbracketed)), 0), "single", "knee"))
                .as("finer rates would have told them apart").isEqualTo(Comparison.Change.BEYOND_SPREAD);
    }

    @Test
    void should_take_a_change_within_the_run_to_run_noise_for_noise_whatever_the_intervals_say() {
        // issue 20: two default probes of one build here differed by 16 % in a ceiling whose intervals were ±4 % and ±8 %
        ObjectNode before = probeWithIntervals(0.03);
        ObjectNode after = probeWithIntervals(0.03);
        scale(after, "single", "ceiling", 0.84);
        scale(after, "broker-ceiling", "ceiling", 0.70);

        Comparison byDefault = Comparison.of(NAMES, documents(List.of(before, after)));
        Comparison intervalsOnly = Comparison.of(NAMES, documents(List.of(before, after)), 0);

        assertThat(change(byDefault, "single", "ceiling")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(byDefault, "broker-ceiling", "ceiling")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
        assertThat(change(intervalsOnly, "single", "ceiling")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
        assertThat(ComparisonText.terminal(byDefault)).contains("run-to-run noise of 20 % (--run-noise)");
        assertThatThrownBy(() -> Comparison.of(NAMES, documents(List.of(before, after)), -1)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--run-noise");
    }

    @Test
    void should_allow_each_figure_the_largest_gap_between_runs_of_the_code_since_its_last_change() throws Exception {
        // single's ceiling lay 18 % apart in two series of this code (one run in each), broker-ceiling's 6 %; a series
        // of older code, 200 % apart, and a series with other probe options, last in the file, say nothing about this
        // code's default probe
        Path file = Files.createTempFile("run-noise", ".json");
        Files.writeString(file, """
                {"fallbackPct": 20, "figuresSince": "ead74a7", "series": [
                  {"figuresSince": "0c0bdd8", "runs": [{"single/ceiling": 100, "broker-ceiling/ceiling": 100},
                                                        {"single/ceiling": 300, "broker-ceiling/ceiling": 300}]},
                  {"figuresSince": "ead74a7", "runs": [{"single/ceiling": 100, "broker-ceiling/ceiling": 100},
                                                        {"single/ceiling": 110, "broker-ceiling/ceiling": 106}]},
                  {"figuresSince": "ead74a7", "probeOptions": "", "runs": [{"single/ceiling": 118, "broker-ceiling/ceiling": 103}]},
                  {"figuresSince": "ead74a7", "probeOptions": "--scenarios single", "runs": [{"broker-ceiling/ceiling": 100},
                                                                                              {"broker-ceiling/ceiling": 300}]}
                ]}""");
        ObjectNode before = probeWithIntervals(0.03);
        ObjectNode after = probeWithIntervals(0.03);
        scale(after, "single", "ceiling", 0.85);
        scale(after, "broker-ceiling", "ceiling", 0.90);
        scale(after, "broker-ceiling", "sustainable", 0.85);

        RunNoise noise = RunNoise.read(file, RunNoise.probeOptions(List.of("probe", "--out", "bench/target/run-1")));
        Comparison measured = Comparison.of(NAMES, documents(List.of(before, after)), noise);

        assertThat(noise.pct("single", "ceiling")).isEqualTo(18.0);
        assertThat(noise.pct("broker-ceiling", "ceiling")).isEqualTo(6.0);
        assertThat(change(measured, "single", "ceiling")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(change(measured, "broker-ceiling", "ceiling")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
        // a figure the runs do not hold falls back to its 20 %
        assertThat(change(measured, "broker-ceiling", "sustainable")).isEqualTo(Comparison.Change.WITHIN_SPREAD);
        assertThat(ComparisonText.terminal(measured)).contains("the run-to-run noise measured per figure in " + file
                + " (3 runs in 2 series of `probe`, code since ead74a7)");
        // runs probed with other options read their own series, whichever series the file ends with
        RunNoise scenarioOnly = RunNoise.read(file, RunNoise.probeOptions(List.of("probe", "--out=run-2", "--scenarios", "single",
                "--json", "x.json")));
        assertThat(scenarioOnly.pct("broker-ceiling", "ceiling")).isEqualTo(200.0);
        assertThat(scenarioOnly.source()).endsWith("(2 runs in 1 series of `probe --scenarios single`, code since ead74a7)");
        assertThatThrownBy(() -> RunNoise.read(file, "--brokers 5")).isInstanceOf(UsageException.class)
                .hasMessageContaining("holds 0 run(s) of `probe --brokers 5` with the code since ead74a7");
        Files.writeString(file, "{\"fallbackPct\": 20, \"figures\": {\"single/ceiling\": 18.0}}");
        assertThatThrownBy(() -> RunNoise.read(file, "")).isInstanceOf(UsageException.class).hasMessageContaining("holds no measured series");
        Files.writeString(file, "{\"fallbackPct\": 20, \"figuresSince\": \"ead74a7\", \"series\": [{\"figuresSince\": \"0c0bdd8\", "
                + "\"runs\": [{\"single/ceiling\": 100}, {\"single/ceiling\": 300}]}]}");
        assertThatThrownBy(() -> RunNoise.read(file, "")).isInstanceOf(UsageException.class)
                .hasMessageContaining("holds 0 run(s) of `probe` with the code since ead74a7");
        Files.delete(file);
    }

    @Test
    void should_find_no_change_between_a_run_and_itself() {
        Comparison comparison = Comparison.of(NAMES, documents(List.of(probeWithIntervals(0.05), probeWithIntervals(0.05))));

        assertThat(comparison.anyChange()).isFalse();
        assertThat(ComparisonText.terminal(comparison)).contains("no figure moved beyond the runs' spread and no verdict changed");
    }

    @Test
    void should_call_a_limit_that_joined_a_tie_the_same_limit_and_another_resource_on_that_broker_a_change() {
        // issue 39: one build's single scenario read "cpu / broker-1" in one run and "co-limited / broker-1+client" in the
        // next, its load generator at the edge of its quota
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode tie = probeWithIntervals(0.05);
        ObjectNode otherResource = probeWithIntervals(0.05);
        ObjectNode written = probeWithIntervals(0.05);
        String broker = verdict(before, "single").path("bottleneck").path("source").asText();
        assertThat(verdict(before, "single").path("bottleneck").path("resource").asText()).isEqualTo("cpu");
        coLimited(tie, broker, "cpu");
        coLimited(otherResource, broker, "disk");
        coLimited(written, broker, "cpu");
        ((ObjectNode) verdict(written, "single").path("bottleneck")).remove("parties"); // a file from before parties were kept

        Comparison comparison = Comparison.of(List.of("before.json", "tie.json", "disk.json", "written.json"),
                documents(List.of(before, tie, otherResource, written)));

        List<Comparison.Value> single = comparison.rows().stream()
                .filter(r -> r.scenario().equals("single") && r.figure().equals("bottleneck")).findFirst().orElseThrow().values();
        assertThat(single).extracting(Comparison.Value::change).containsExactly(Comparison.Change.BASELINE,
                Comparison.Change.SHARED_LIMIT, Comparison.Change.CHANGED, Comparison.Change.CHANGED);
        assertThat(single.get(1).shared()).isEqualTo("cpu / " + broker);
        assertThat(ComparisonText.terminal(comparison))
                .contains("co-limited / " + broker + "+client (the same limit: cpu / " + broker + ")")
                .contains("2 verdicts changed (1 bottleneck named the baseline's limit beside or without another");
        Comparison alone = Comparison.of(NAMES, documents(List.of(before, tie)));
        assertThat(alone.anyChange()).as("a tie the client joined is no change").isFalse();
        assertThat(Comparison.of(NAMES, documents(List.of(tie, before))).anyChange()).as("nor one it left").isFalse();
    }

    @Test
    void should_show_the_hosts_memory_speed_beside_a_scenario_and_never_judge_it() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode after = probeWithIntervals(0.05);
        Samples.hostReadings(before, "single", MEMORY, 10_000, 10_400, 9_000);
        Samples.hostReadings(after, "single", MEMORY, 13_000, 13_520, 11_700);   // 30 % faster, each reading alike

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)));

        Comparison.Row host = comparison.rows().stream()
                .filter(r -> r.scenario().equals("single") && r.figure().equals(Comparison.HOST_MEMORY)).findFirst().orElseThrow();
        assertThat(host.values()).extracting(Comparison.Value::mean).containsExactly(10_000.0, 13_000.0);
        assertThat(host.values().get(1).deltaPct()).isCloseTo(30, within(1e-9));
        assertThat(host.values().get(1).change()).isEqualTo(Comparison.Change.NOT_JUDGED);
        assertThat(comparison.rows()).as("no row where no run measured the host")
                .noneMatch(r -> r.scenario().equals("broker-ceiling") && r.figure().equals(Comparison.HOST_MEMORY));
        assertThat(comparison.anyChange()).isFalse();
        assertThat(ComparisonText.terminal(comparison))
                .containsPattern("single +host memory +10,000 MB per CPU-s +13,000 MB per CPU-s \\(\\+30\\.0 %\\)")
                .contains("no figure moved beyond the runs' spread and no verdict changed");
    }

    @Test
    void should_say_which_figures_moved_the_way_the_host_did_and_still_count_them() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode slowerHost = probeWithIntervals(0.05);
        ObjectNode fasterHost = probeWithIntervals(0.05);
        Samples.hostReadings(before, "single", MEMORY, 12_000);
        Samples.hostReadings(slowerHost, "single", MEMORY, 9_000);   // -25 %
        Samples.hostReadings(fasterHost, "single", MEMORY, 15_000);  // +25 %
        scale(slowerHost, "single", "sustainable", 0.6);
        scale(fasterHost, "single", "sustainable", 0.6);  // fell while the host got faster: not the host's doing

        Comparison comparison = Comparison.of(List.of("before.json", "slower.json", "faster.json"),
                documents(List.of(before, slowerHost, fasterHost)));

        assertThat(comparison.movedWithTheHost()).containsExactly("single run 2 (host memory -25 %)");
        assertThat(comparison.anyChange()).isTrue();
        assertThat(ComparisonText.conclusion(comparison)).isEqualTo("2 figures moved beyond the runs' spread, 0 verdicts "
                + "changed; figures moved the way the host's speed did in single run 2 (host memory -25 %): the "
                + "machine changed as well as what ran on it");
        Samples.hostReadings(slowerHost, "single", MEMORY, 11_000);  // -8 %: within the host's own noise
        assertThat(Comparison.of(NAMES, documents(List.of(before, slowerHost))).movedWithTheHost()).isEmpty();
    }

    @Test
    void should_read_the_load_generators_speed_at_one_rate_and_batching_for_all_runs() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode sameHost = probeWithIntervals(0.05);
        ObjectNode slowerHost = probeWithIntervals(0.05);
        // the same work at other paced rates: its cost per MB falls with the rate and the batching, as a producer's does
        pacedSteps(before, "single", 1.0, 50_000, 100_000, 150_000, 200_000);
        pacedSteps(sameHost, "single", 1.0, 40_000, 80_000, 120_000, 160_000);
        pacedSteps(slowerHost, "single", 1.10, 45_000, 90_000, 135_000, 180_000);  // a tenth dearer at every rate
        // a step its quota throttled reads what the quota let it use, whatever the work cost: left out
        pacedStep(sameHost, "single", 100_000, 3.0, 0.4);

        Comparison comparison = Comparison.of(List.of("before.json", "same.json", "slower.json"),
                documents(List.of(before, sameHost, slowerHost)));

        Comparison.Row speed = comparison.rows().stream()
                .filter(r -> r.scenario().equals("single") && r.figure().equals(Comparison.LOAD_GENERATOR)).findFirst().orElseThrow();
        // a mean of each run's cost per MB would read the second run dearer (its rates are lower): the fit does not
        assertThat(speed.values().get(1).deltaPct()).isCloseTo(0, within(1e-6));
        assertThat(speed.values().get(2).deltaPct()).isCloseTo(100 * (1 / 1.10 - 1), within(1e-6));
        assertThat(speed.values()).extracting(Comparison.Value::change)
                .containsExactly(Comparison.Change.BASELINE, Comparison.Change.NOT_JUDGED, Comparison.Change.NOT_JUDGED);
        assertThat(comparison.rows()).as("no row where no run paced its load generator")
                .noneMatch(r -> r.scenario().equals("broker-ceiling") && r.figure().equals(Comparison.LOAD_GENERATOR));
        assertThat(comparison.anyChange()).isFalse();
        assertThat(ComparisonText.terminal(comparison)).containsPattern("single +load generator +[0-9,]+ MB per CPU-s");
    }

    @Test
    void should_compare_the_load_generators_of_runs_that_each_held_one_rate_only_when_it_was_the_same() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode slower = probeWithIntervals(0.05);
        pacedSteps(before, "single", 1.0, 100_000);
        pacedSteps(slower, "single", 1.10, 100_000);

        assertThat(Comparison.of(NAMES, documents(List.of(before, slower))).rows())
                .filteredOn(r -> r.figure().equals(Comparison.LOAD_GENERATOR)).singleElement()
                .satisfies(r -> assertThat(r.values().get(1).deltaPct()).isCloseTo(100 * (1 / 1.10 - 1), within(1e-6)));
        pacedSteps(slower, "single", 1.10, 120_000);  // another rate: its cost cannot be told from the rate's
        assertThat(Comparison.of(NAMES, documents(List.of(before, slower))).rows())
                .noneMatch(r -> r.figure().equals(Comparison.LOAD_GENERATOR));
    }

    @Test
    void should_say_a_figure_moved_with_a_slower_load_generator_and_not_with_one_within_its_noise() {
        ObjectNode before = probeWithIntervals(0.05);
        ObjectNode slower = probeWithIntervals(0.05);
        pacedSteps(before, "single", 1.0, 50_000, 100_000, 150_000, 200_000);
        pacedSteps(slower, "single", 1.10, 50_000, 100_000, 150_000, 200_000);
        scale(slower, "single", "sustainable", 0.6);  // beyond the default 20 % of run-to-run noise

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, slower)));

        assertThat(comparison.movedWithTheHost()).containsExactly("single run 2 (load generator -9 %)");
        assertThat(ComparisonText.conclusion(comparison)).contains("figures moved the way the host's speed did in single run 2 "
                + "(load generator -9 %)");
        Samples.hostReadings(before, "single", MEMORY, 12_000);
        Samples.hostReadings(slower, "single", MEMORY, 9_000);
        assertThat(Comparison.of(NAMES, documents(List.of(before, slower))).movedWithTheHost()).as("one entry per scenario and run")
                .containsExactly("single run 2 (host memory -25 %, load generator -9 %)");
        Samples.hostReadings(slower, "single", MEMORY, 12_000);
        pacedSteps(slower, "single", 1.03, 50_000, 100_000, 150_000, 200_000);  // -3 %: within the fit's own noise
        assertThat(Comparison.of(NAMES, documents(List.of(before, slower))).movedWithTheHost()).isEmpty();
    }

    /**
     * Replaces the scenario's paced steps by steps at {@code rates}, whose load generator spends {@code dearer} times a
     * cost per MB that falls with the rate and with the records per request (the requests a second about 175, as a
     * producer's linger.ms keeps them).
     */
    private static void pacedSteps(ObjectNode result, String scenario, double dearer, double... rates) {
        ArrayNode steps = steps(result, scenario);
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).hasNonNull("targetRecordsPerSecond")) {
                steps.remove(i);
            }
        }
        for (int i = 0; i < rates.length; i++) {
            pacedStep(result, scenario, rates[i], dearer, 0);
        }
    }

    private static void pacedStep(ObjectNode result, String scenario, double rate, double dearer, double throttled) {
        ArrayNode steps = steps(result, scenario);
        double bytes = rate * 1024;
        double perRequest = rate / (175 * (1 + 0.1 * Math.sin(rate)));
        double cores = dearer * 2e-6 * Math.pow(bytes, 0.8) * Math.pow(perRequest, -0.1);
        ObjectNode step = steps.addObject().put("index", steps.size()).put("clients", 3).put("targetRecordsPerSecond", rate)
                .put("warmupMs", 1000).put("measuredMs", 4000).put("records", (long) rate * 4).put("bytes", (long) bytes * 4)
                .put("recordsPerSecond", rate).put("bytesPerSecond", bytes);
        step.putObject("clientMetrics").put(StepResult.RECORDS_PER_REQUEST, perRequest);
        ArrayNode resources = step.putArray("resources");
        resources.addObject().put("source", "client").put("metric", "cpu.cores").put("mean", cores).put("peak", cores).put("capacity", 0.4);
        resources.addObject().put("source", "client").put("metric", "cpu.throttled.share").put("mean", throttled)
                .put("peak", throttled).put("capacity", 1);
    }

    private static ArrayNode steps(ObjectNode result, String scenario) {
        return (ArrayNode) scenario(result, scenario).path("steps");
    }

    private static ObjectNode scenario(ObjectNode result, String name) {
        for (JsonNode s : result.withArray("scenarios")) {
            if (s.path("name").asText().equals(name)) {
                return (ObjectNode) s;
            }
        }
        throw new AssertionError("no scenario " + name);
    }

    /** The scenario's broker tied with the load generator: {@code resource} on the broker, the client's CPU. */
    private static void coLimited(ObjectNode result, String broker, String resource) {
        ObjectNode bottleneck = (ObjectNode) verdict(result, "single").path("bottleneck");
        bottleneck.put("resource", "co-limited").put("source", broker + "+client");
        ArrayNode parties = bottleneck.putArray("parties");
        parties.addObject().put("resource", resource).put("source", broker);
        parties.addObject().put("resource", "client").put("source", "client");
    }

    @Test
    void should_show_but_not_judge_figures_without_intervals() {
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        scale(after, "single", "ceiling", 0.5);

        Comparison comparison = Comparison.of(NAMES, documents(List.of(Samples.load(Samples.FULL_PROBE), after)));

        assertThat(change(comparison, "single", "ceiling")).isEqualTo(Comparison.Change.NOT_JUDGED);
        assertThat(ComparisonText.terminal(comparison)).contains("47.5 MB/s (-50.0 %, no interval)");
    }

    @Test
    void should_compare_single_runs_by_throughput_and_per_second_p99() {
        ObjectNode before = Samples.load(Samples.E2E);
        ObjectNode after = Samples.load(Samples.E2E);
        step(before).putObject("throughput").put("mean", 20_000).put("halfWidth", 400);
        step(after).put("bytesPerSecond", 10_240_000).put("recordsPerSecond", 10_000).putObject("throughput").put("mean", 10_000).put("halfWidth", 300);

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)));

        assertThat(comparison.rows()).extracting(Comparison.Row::figure).containsExactly("throughput", "p99 of seconds");
        assertThat(change(comparison, comparison.rows().get(0).scenario(), "throughput")).isEqualTo(Comparison.Change.BEYOND_SPREAD);
        assertThat(change(comparison, comparison.rows().get(0).scenario(), "p99 of seconds")).isEqualTo(Comparison.Change.NOT_JUDGED);
    }

    @Test
    void should_take_a_latency_that_rose_on_a_slower_host_for_one_that_moved_with_it() {
        ObjectNode before = Samples.load(Samples.E2E);
        ObjectNode slower = Samples.load(Samples.E2E);
        ObjectNode faster = Samples.load(Samples.E2E);
        step(before).putObject("p99PerSecondUs").put("mean", 20_000).put("halfWidth", 500).put("readings", 10).put("batches", 5);
        for (ObjectNode later : List.of(slower, faster)) {
            step(later).putObject("p99PerSecondUs").put("mean", 40_000).put("halfWidth", 500).put("readings", 10).put("batches", 5);
        }
        String scenario = before.withArray("scenarios").get(0).path("name").asText();
        Samples.hostReadings(before, scenario, MEMORY, 12_000);
        Samples.hostReadings(slower, scenario, MEMORY, 9_000);
        Samples.hostReadings(faster, scenario, MEMORY, 15_000);

        Comparison comparison = Comparison.of(List.of("before.json", "slower.json", "faster.json"),
                documents(List.of(before, slower, faster)));

        assertThat(comparison.rows()).filteredOn(r -> r.figure().equals("p99 of seconds")).singleElement()
                .satisfies(r -> assertThat(r.values().get(1).change()).isEqualTo(Comparison.Change.BEYOND_SPREAD));
        assertThat(comparison.movedWithTheHost()).containsExactly(scenario + " run 2 (host memory -25 %)");
    }

    @Test
    void should_overlay_each_runs_ramp_on_one_chart_per_figure_and_scenario() {
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        after.get("scenarios").forEach(sc -> sc.get("steps").forEach(st ->
                ((ObjectNode) st).put("bytesPerSecond", st.path("bytesPerSecond").asDouble() / 2)));
        List<ResultDocument> runs = documents(List.of(Samples.load(Samples.FULL_PROBE), after));

        String page = ComparisonHtml.render(Comparison.of(NAMES, runs), runs);

        ArrayNode specs = Samples.chartSpecs(page);
        assertThat(specs).hasSize(2 * 4);   // throughput and p99 for each of the four scenarios
        JsonNode throughput = specs.get(0);
        assertThat(throughput.get("datasets")).extracting(d -> d.get("label").asText()).containsExactly("run 1", "run 2");
        JsonNode first = throughput.get("datasets").get(0).get("data");
        JsonNode second = throughput.get("datasets").get(1).get("data");
        assertThat(second.size()).isEqualTo(first.size());
        for (int i = 0; i < first.size(); i++) {
            if (first.get(i).isNumber()) {
                assertThat(second.get(i).asDouble()).isCloseTo(first.get(i).asDouble() / 2, org.assertj.core.api.Assertions.within(1.0));
            }
        }
        assertThat(page).contains("<td>single</td>").contains("no interval");
    }

    @Test
    void should_refuse_runs_of_different_kinds_or_scenarios_in_one_line() {
        ObjectNode fewer = Samples.load(Samples.FULL_PROBE);
        fewer.withArray("scenarios").remove(3);

        assertThatThrownBy(() -> Comparison.of(NAMES, documents(List.of(Samples.load(Samples.FULL_PROBE), Samples.load(Samples.E2E)))))
                .isInstanceOf(UsageException.class).hasMessage("cannot compare runs of different kinds: before.json is probe, after.json is e2e");
        assertThatThrownBy(() -> Comparison.of(NAMES, documents(List.of(Samples.load(Samples.FULL_PROBE), fewer))))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("cannot compare runs over different scenarios: before.json ran [single,")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> Comparison.of(List.of("a.json"), documents(List.of(Samples.load(Samples.FULL_PROBE)))))
                .isInstanceOf(UsageException.class).hasMessage("compare needs at least two result documents, got 1");
    }

    @Test
    void should_compare_a_previous_releases_result_with_this_ones_and_skip_fields_it_does_not_know(@TempDir Path dir)
            throws Exception {
        Path v1 = dir.resolve("v1.json");
        try (InputStream in = ComparisonTest.class.getResourceAsStream("/v1/probe-v1.json")) {
            Files.copy(in, v1);
        }
        ObjectNode later = (ObjectNode) Samples.JSON.readTree(v1.toFile());
        later.put("schema", "mqprobe.result/v2").put("writtenBy", "a later release");
        ObjectNode verdict = (ObjectNode) later.withArray("scenarios").get(0).path("verdict");
        verdict.put("kind", "probe").put("confidence", "high");
        ((ObjectNode) verdict.path("ceiling")).put("bytesPerSecond", 178934735.238 * 0.8).put("recordsPerSecond", 174740.952 * 0.8);
        Path v2 = dir.resolve("v2.json");
        Files.writeString(v2, later.toString());
        List<ResultDocument> runs = List.of(ResultReading.read(v1), ResultReading.read(v2));

        Comparison comparison = Comparison.of(List.of("v1.json", "v2.json"), runs);

        assertThat(value(comparison, "single", "ceiling").deltaPct()).isCloseTo(-20, within(1e-9));
        assertThat(change(comparison, "single", "ceiling")).isEqualTo(Comparison.Change.NOT_JUDGED);
        assertThat(comparison.rows()).filteredOn(r -> r.figure().equals("bottleneck")).singleElement()
                .satisfies(r -> assertThat(r.values()).extracting(Comparison.Value::words)
                        .containsExactly("shared-cpu / host", "shared-cpu / host"));
        assertThat(Gates.check(List.of(Gate.parse("ceiling drop > 10%")), comparison, runs).get(0).detail())
                .isEqualTo("single run 2 -20.0 %");
        assertThat(Gates.check(List.of(Gate.parse("sustainable < 100MB/s")), runs.get(0)).get(0).detail())
                .as("a v1 verdict, which named no kind, is a probe's").isEqualTo("single 87.5 MB/s");
    }

    /** The probe sample with an interval of ±{@code share} on every verdict figure, in records/s as mqprobe keeps it. */
    private static ObjectNode probeWithIntervals(double share) {
        ObjectNode probe = Samples.load(Samples.FULL_PROBE);
        for (JsonNode scenario : probe.withArray("scenarios")) {
            for (String figure : List.of("ceiling", "knee", "sustainable")) {
                ObjectNode point = (ObjectNode) scenario.path("verdict").path(figure);
                double records = point.path("recordsPerSecond").asDouble();
                point.putObject("interval").put("mean", records).put("halfWidth", share * records).put("readings", 8).put("batches", 4);
            }
        }
        return probe;
    }

    private static ObjectNode verdict(ObjectNode result, String scenario) {
        return (ObjectNode) scenario(result, scenario).path("verdict");
    }

    private static void scale(ObjectNode result, String scenario, String figure, double factor) {
        ObjectNode point = (ObjectNode) verdict(result, scenario).path(figure);
        point.put("bytesPerSecond", point.path("bytesPerSecond").asDouble() * factor);
        point.put("recordsPerSecond", point.path("recordsPerSecond").asDouble() * factor);
        if (point.path("interval").isObject()) {
            ObjectNode interval = (ObjectNode) point.path("interval");
            interval.put("mean", interval.path("mean").asDouble() * factor).put("halfWidth", interval.path("halfWidth").asDouble() * factor);
        }
    }

    private static void bottleneck(ObjectNode result, String scenario, String resource) {
        ((ObjectNode) verdict(result, scenario).path("bottleneck")).put("resource", resource);
    }

    private static ObjectNode step(ObjectNode result) {
        return (ObjectNode) result.withArray("scenarios").get(0).path("steps").get(0);
    }

    private static Comparison.Value value(Comparison comparison, String scenario, String figure) {
        return comparison.rows().stream().filter(r -> r.scenario().equals(scenario) && r.figure().equals(figure))
                .findFirst().orElseThrow().values().get(1);
    }

    private static Comparison.Change change(Comparison comparison, String scenario, String figure) {
        return value(comparison, scenario, figure).change();
    }

    /** The trees as result.json holds them, read back as the records compare reads. */
    private static List<ResultDocument> documents(List<? extends JsonNode> trees) {
        return trees.stream().map(tree -> ResultReading.document(tree, "a sample")).toList();
    }
}
