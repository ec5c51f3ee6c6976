package io.mqprobe.report;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainablePoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs of one kind side by side: per scenario and figure, each run's value with its interval, its change from the
 * first run (the baseline), and whether that change is beyond the runs' spread: the two intervals do not overlap
 * and the change is larger than the run-to-run noise. A run's interval holds the noise within that run only; two runs
 * of one build on one machine also differ by what each run meets once (its brokers' JIT, page cache and placement,
 * the host's speed that minute), and judged by the intervals alone, two default probes of one build on the 2-core test
 * machine "changed" by 8-16 % in 3 figures of 12. A figure without an interval (an old result, a step too short for
 * one) is shown but not judged. Built from result documents alone.
 *
 * @param command     what the runs were ({@code probe}, {@code produce}, ...)
 * @param runs        the runs' names, baseline first
 * @param runNoise    a change no larger than this, per figure in % of the baseline, is within the run-to-run noise
 * @param profileShifts per scenario and later run whose profile and the baseline's both exist, how the CPU profiles
 *                      differ; shown beside the figures, not judged
 */
public record Comparison(String command, List<String> runs, RunNoise runNoise, List<Row> rows,
                         List<ProfileShift> profileShifts) {

    /**
     * The default run-to-run noise, one share for every figure where nothing was measured. It held in 70 of 72 pairs of
     * default probes on the 2-core test machine with brokers of half a core (2026-11-27); with the third of a core they
     * have since, two runs' ceilings or sustainable loads lay a median of 17.5 % apart, and 20 % or less in 922 of 1,660
     * pairs (21 runs, 2026-12-03, bench/README.md). A machine measures its own with {@code bench/reproducibility.sh}
     * and passes the file it keeps with {@code --run-noise}.
     */
    public static final double DEFAULT_RUN_NOISE_PCT = 20;

    /** How a run's figure stands against the baseline's. */
    public enum Change {
        /** The baseline itself. */
        BASELINE,
        /** Moved by less than the intervals or the run-to-run noise allow: no evidence of a change. */
        WITHIN_SPREAD,
        /** The intervals do not overlap and the change is beyond the run-to-run noise: a real change. */
        BEYOND_SPREAD,
        /** One of the two has no interval: not judged. */
        NOT_JUDGED,
        /** A verdict in words, the same as the baseline's. */
        SAME,
        /** A verdict in words that differs from the baseline's. */
        CHANGED,
        /**
         * A bottleneck that names, beside other limits or instead of them, a limit the baseline's names too ("cpu /
         * broker-1" against "co-limited / broker-1+client"): a limit at the edge of saturation joined the tie in one run
         * and not in the other. No change: the same limit bound both runs (three default probes of one build named
         * single's bottleneck either way, 2026-12-02).
         */
        SHARED_LIMIT
    }

    /** One figure of one scenario: a rate in bytes/s, a latency in µs, or a verdict in words. */
    public record Row(String scenario, String figure, Unit unit, List<Value> values) {
    }

    /** A rate in bytes/s, a latency in µs, a verdict in words, or the host's speed in MB per CPU-second (never judged). */
    public enum Unit { BYTES_PER_SECOND, MICROS, WORDS, MB_PER_CPU_SECOND }

    /** The row beside each scenario's figures that says how fast the host's memory was while the run measured. */
    public static final String HOST_MEMORY = "host memory";

    /**
     * The row that says how fast the host ran the load generator's share of the work, at one rate and batching for all
     * runs ({@link LoadGeneratorSpeed}): on shared cores the brokers' cost follows it.
     */
    public static final String LOAD_GENERATOR = "load generator";

    /**
     * A host whose memory speed moved this much or more from the baseline's is said to have moved with a figure that
     * moved the same way. Idle, single readings of the speed varied by 16 % (HostSpeedSampler); a scenario's median
     * over its steps varied by 1-4 % between three probes on a quiet hour (2026-12-05 00:32), and by 3-26 % within
     * each of 7 series of three default probes on 2026-12-04 (bench/README.md).
     */
    public static final double HOST_MOVED_PCT = 10;

    /**
     * A load generator whose speed moved this much or more from the baseline's is said to have moved with a figure that
     * moved the same way. Its level per run comes from a scenario's 6-10 paced steps, whose cost scatters by about 5 %
     * around the fit, so it is good to about 2 %; over 36 default probes the runs' levels lay a standard deviation of 7 %
     * apart (bench/README.md, "The host or the brokers").
     */
    public static final double LOAD_GENERATOR_MOVED_PCT = 5;

    /**
     * A figure in one run, with how it stands against the baseline.
     *
     * @param mean      the figure, {@code null} when the run has none (no knee, no sustainable load)
     * @param halfWidth its interval's half-width, {@code null} without an interval
     * @param words     the verdict in words ({@link Unit#WORDS} rows only)
     * @param deltaPct  change from the baseline in %, {@code null} for the baseline and for words
     * @param shared    the limits a {@link Change#SHARED_LIMIT} bottleneck shares with the baseline's ("cpu / broker-1"),
     *                  else {@code null}
     */
    public record Value(Double mean, Double halfWidth, String words, Double deltaPct, Change change, String shared) {

        public Value(Double mean, Double halfWidth, String words, Double deltaPct, Change change) {
            this(mean, halfWidth, words, deltaPct, change, null);
        }
    }

    /** Judged with the {@link #DEFAULT_RUN_NOISE_PCT default run-to-run noise}. */
    public static Comparison of(List<String> names, List<ResultDocument> results) {
        return of(names, results, RunNoise.uniform(DEFAULT_RUN_NOISE_PCT));
    }

    /** Judged with one run-to-run noise for every figure. */
    public static Comparison of(List<String> names, List<ResultDocument> results, double runNoisePct) {
        return of(names, results, RunNoise.uniform(runNoisePct));
    }

    /**
     * @param names       a name per run (its file), baseline first
     * @param results     the runs' result documents in the same order
     * @param runNoise    changes up to its share of the baseline (in %, per figure) are taken for run-to-run noise
     * @throws UsageException when fewer than two runs are given or they are not of one kind over the same scenarios
     */
    public static Comparison of(List<String> names, List<ResultDocument> results, RunNoise runNoise) {
        if (results.size() < 2) {
            throw new UsageException("compare needs at least two result documents, got " + results.size());
        }
        ResultDocument baseline = results.get(0);
        String command = command(baseline);
        List<String> scenarios = scenarioNames(baseline);
        for (int i = 1; i < results.size(); i++) {
            String other = command(results.get(i));
            if (!other.equals(command)) {
                throw new UsageException("cannot compare runs of different kinds: " + names.get(0) + " is " + command + ", "
                        + names.get(i) + " is " + other);
            }
            if (!scenarioNames(results.get(i)).equals(scenarios)) {
                throw new UsageException("cannot compare runs over different scenarios: " + names.get(0) + " ran " + scenarios
                        + ", " + names.get(i) + " ran " + scenarioNames(results.get(i)));
            }
        }
        List<Row> rows = new ArrayList<>();
        List<ProfileShift> profileShifts = new ArrayList<>();
        for (String scenario : scenarios) {
            List<ScenarioResult> runs = results.stream().map(r -> scenario(r, scenario)).toList();
            for (int i = 1; i < runs.size(); i++) {
                ProfileShift.of(scenario, i + 1, profile(runs.get(0)), profile(runs.get(i))).ifPresent(profileShifts::add);
            }
            if (runs.get(0).verdict() instanceof ProbeVerdict) {
                List<ScenarioVerdict> findings = runs.stream().map(ScenarioResult::probeFindings).toList();
                rows.add(probeRow(scenario, "ceiling", runNoise, findings, f -> point(f.ceiling())));
                rows.add(probeRow(scenario, "knee", runNoise, findings, f -> point(f.knee())));
                rows.add(probeRow(scenario, "sustainable", runNoise, findings, f -> point(f.sustainable())));
                rows.add(bottlenecks(scenario, findings.stream().map(f -> f == null ? null : f.bottleneck()).toList()));
            } else {
                // the measured load is the scenario's last step: a soak's warm-up comes before it
                List<StepResult> steps = runs.stream().map(Comparison::lastStep).toList();
                rows.add(numbers(scenario, "throughput", Unit.BYTES_PER_SECOND, runNoise.pct(scenario, "throughput"),
                        steps.stream().map(Comparison::throughput).toList()));
                rows.add(numbers(scenario, "p99 of seconds", Unit.MICROS, runNoise.pct(scenario, "p99 of seconds"),
                        steps.stream().map(Comparison::p99).toList()));
                if (VerdictSection.of(runs.get(0).verdict()).isPresent()) {
                    rows.add(words(scenario, "verdict", runs.stream().map(Comparison::outcome).toList()));
                }
            }
            hostMemory(scenario, runs).ifPresent(rows::add);
            LoadGeneratorSpeed.of(runs).map(speeds -> speedRow(scenario, LOAD_GENERATOR, speeds)).ifPresent(rows::add);
        }
        return new Comparison(command, List.copyOf(names), runNoise, rows, List.copyOf(profileShifts));
    }

    /**
     * The figures that moved beyond the runs' spread in a scenario and run whose host's memory moved by
     * {@link #HOST_MOVED_PCT} or more, or whose load generator's speed by {@link #LOAD_GENERATOR_MOVED_PCT} or more, the
     * same way (faster with a rate that rose or a latency that fell, slower with the opposite): "broker-ceiling run 3
     * (host memory +27 %)", "single run 2 (load generator -9 %)". The change still counts: a build can move with the host.
     */
    public List<String> movedWithTheHost() {
        // "broker-ceiling run 2" -> "host memory +17 %", "load generator +21 %": one entry per scenario and run
        Map<String, List<String>> moved = new LinkedHashMap<>();
        for (Row host : rows.stream().filter(r -> r.unit() == Unit.MB_PER_CPU_SECOND).toList()) {
            double bound = host.figure().equals(LOAD_GENERATOR) ? LOAD_GENERATOR_MOVED_PCT : HOST_MOVED_PCT;
            for (int run = 1; run < host.values().size(); run++) {
                Double hostDelta = host.values().get(run).deltaPct();
                if (hostDelta == null || Math.abs(hostDelta) < bound) {
                    continue;
                }
                int index = run;
                boolean withIt = rows.stream().filter(r -> r.scenario().equals(host.scenario())).anyMatch(r -> {
                    Value v = r.values().get(index);
                    // a faster host raises a rate and lowers a latency
                    double expected = r.unit() == Unit.MICROS ? -Math.signum(hostDelta) : Math.signum(hostDelta);
                    return v.change() == Change.BEYOND_SPREAD && v.deltaPct() != null && Math.signum(v.deltaPct()) == expected;
                });
                if (withIt) {
                    moved.computeIfAbsent(host.scenario() + " run " + (run + 1), k -> new ArrayList<>())
                            .add(String.format(Locale.ROOT, "%s %+.0f %%", host.figure(), hostDelta));
                }
            }
        }
        return moved.entrySet().stream().map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")").toList();
    }

    /** True when some figure moved beyond the runs' spread or some verdict changed. */
    public boolean anyChange() {
        return rows.stream().flatMap(r -> r.values().stream())
                .anyMatch(v -> v.change() == Change.BEYOND_SPREAD || v.change() == Change.CHANGED);
    }

    /** The command that wrote the run; "" for a document that names none, so two such runs still compare. */
    private static String command(ResultDocument result) {
        return Objects.requireNonNullElse(result.command(), "");
    }

    private static List<String> scenarioNames(ResultDocument result) {
        return result.scenarios().stream().map(s -> Objects.requireNonNullElse(s.name(), "")).toList();
    }

    /** The scenario named {@code name}; the scenarios' names were checked alike in every run. */
    static ScenarioResult scenario(ResultDocument result, String name) {
        return result.scenarios().stream().filter(s -> Objects.requireNonNullElse(s.name(), "").equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("scenario " + name + " vanished"));
    }

    /** What the probe found in a run, or {@code null} when that run's verdict is not a probe's. */

    private static ScenarioProfile profile(ScenarioResult scenario) {
        return scenario.verdict() instanceof ProbeVerdict probe ? probe.profile() : null;
    }

    /** A rate the probe found, in each run; a run whose verdict is not a probe's has none. */
    private static Row probeRow(String scenario, String figure, RunNoise runNoise, List<ScenarioVerdict> findings,
                                Function<ScenarioVerdict, Measured> read) {
        return numbers(scenario, figure, Unit.BYTES_PER_SECOND, runNoise.pct(scenario, figure),
                findings.stream().map(f -> f == null ? null : read.apply(f)).toList());
    }

    /** A figure of one run and its interval's half-width ({@code null} without one). */
    private record Measured(double value, Double halfWidth) {
    }

    /**
     * A rate in bytes/s with its interval, which mqprobe keeps in records/s, scaled alike; {@code null} when the rate
     * was written unknown (null in result.json, NaN here). The interval is unknown without one or without a rate in
     * records/s to scale it by.
     */
    private static Measured rate(double bytesPerSecond, double recordsPerSecond, Estimate interval) {
        if (Double.isNaN(bytesPerSecond)) {
            return null;
        }
        Double halfWidth = interval == null || interval.halfWidth() == null || !(recordsPerSecond > 0) ? null
                : interval.halfWidth() * bytesPerSecond / recordsPerSecond;
        return new Measured(bytesPerSecond, halfWidth);
    }

    /** A ceiling or knee; {@code null} when the run has none (no knee). */
    private static Measured point(StepPoint point) {
        return point == null ? null
                : searched(rate(point.bytesPerSecond(), point.recordsPerSecond(), point.interval()), point.searchedWithinPct());
    }

    /** A sustainable load; {@code null} when the run has none. */
    private static Measured point(SustainablePoint point) {
        return point == null ? null
                : searched(rate(point.bytesPerSecond(), point.recordsPerSecond(), point.interval()), point.searchedWithinPct());
    }

    /**
     * The sustainable load's spread is also its search's resolution (how far the lowest failing rate lay above it),
     * and so is a knee's read from the paced rates: a paced step's own interval says how steadily it ran, not where
     * the limit is.
     */
    private static Measured searched(Measured measured, Double searchedWithinPct) {
        if (measured == null || searchedWithinPct == null) {
            return measured;
        }
        double resolution = measured.value() * searchedWithinPct / 100;
        return new Measured(measured.value(),
                measured.halfWidth() == null ? resolution : Math.max(measured.halfWidth(), resolution));
    }

    /** The step's rate with the interval it was written with (none in documents from before intervals). */
    private static Measured throughput(StepResult step) {
        return step == null ? null : rate(step.bytesPerSecond(), step.recordsPerSecond(), step.throughput());
    }

    private static Measured p99(StepResult step) {
        Estimate perSecond = step == null ? null : step.p99PerSecondUs();
        return perSecond == null || Double.isNaN(perSecond.mean()) ? null : new Measured(perSecond.mean(), perSecond.halfWidth());
    }

    private static StepResult lastStep(ScenarioResult scenario) {
        List<StepResult> steps = scenario.steps();
        return steps.isEmpty() ? null : steps.get(steps.size() - 1);
    }

    /** A kind's verdict as its section reads it: passed or failed, for runs compared side by side. */
    private static String outcome(ScenarioResult scenario) {
        return VerdictSection.of(scenario.verdict()).flatMap(section -> section.passed(scenario.verdict()))
                .map(passed -> passed ? "passed" : "failed").orElse(HumanUnits.NONE);
    }

    /** "cpu / broker-1", or the resource alone when it names no process; {@code null} without a bottleneck. */
    private static String bottleneck(Bottleneck bottleneck) {
        return bottleneck == null ? null : limit(bottleneck.resource(), bottleneck.source());
    }

    private static String limit(String resource, String source) {
        return resource + (source == null || source.isBlank() ? "" : " / " + source);
    }

    /** Each run's bottleneck against the baseline's: the same words, a limit shared with it, or changed. */
    private static Row bottlenecks(String scenario, List<Bottleneck> verdicts) {
        Bottleneck base = verdicts.get(0);
        List<Value> values = new ArrayList<>();
        values.add(new Value(null, null, bottleneck(base), null, Change.BASELINE));
        for (Bottleneck run : verdicts.subList(1, verdicts.size())) {
            String words = bottleneck(run);
            List<String> shared = base == null || run == null ? List.of() : run.limits().stream().filter(base.limits()::contains)
                    .map(party -> limit(party.resource(), party.source())).sorted().toList();
            if (Objects.equals(words, bottleneck(base))) {
                values.add(new Value(null, null, words, null, Change.SAME));
            } else if (!shared.isEmpty()) {
                values.add(new Value(null, null, words, null, Change.SHARED_LIMIT, String.join(", ", shared)));
            } else {
                values.add(new Value(null, null, words, null, Change.CHANGED));
            }
        }
        return new Row(scenario, "bottleneck", Unit.WORDS, values);
    }

    private static Row numbers(String scenario, String figure, Unit unit, double runNoisePct, List<Measured> figures) {
        Measured base = figures.get(0);
        List<Value> values = new ArrayList<>();
        values.add(base == null ? new Value(null, null, null, null, Change.BASELINE)
                : new Value(base.value(), base.halfWidth(), null, null, Change.BASELINE));
        for (Measured f : figures.subList(1, figures.size())) {
            if (f == null || base == null) {
                values.add(new Value(f == null ? null : f.value(), f == null ? null : f.halfWidth(), null, null, Change.NOT_JUDGED));
                continue;
            }
            Double delta = base.value() == 0 ? null : 100 * (f.value() / base.value() - 1);
            double moved = Math.abs(f.value() - base.value());
            Change change = f.halfWidth() == null || base.halfWidth() == null ? Change.NOT_JUDGED
                    : moved > f.halfWidth() + base.halfWidth() && moved > runNoisePct / 100 * base.value() ? Change.BEYOND_SPREAD
                    : Change.WITHIN_SPREAD;
            values.add(new Value(f.value(), f.halfWidth(), null, delta, change));
        }
        return new Row(scenario, figure, unit, values);
    }

    /**
     * How fast the host's memory was in each run while the scenario measured (the median of its measured steps'
     * readings), shown beside the figures and never judged: across 21 default probes of one build in 7 series on the
     * 2-core test machine, a run's median memory speed in a scenario and its sustainable load there correlated by
     * 0.69-0.89 (ceilings 0.67-0.79), a tenth slower memory reading as a fifth to a quarter less sustainable load
     * (bench/README.md, 2026-12-05). None when no run measured it (a document from before, a run without monitors).
     */
    private static Optional<Row> hostMemory(String scenario, List<ScenarioResult> runs) {
        List<Double> speeds = runs.stream().map(HostSpeed::memory).toList();
        if (speeds.stream().allMatch(Objects::isNull)) {
            return Optional.empty();
        }
        return Optional.of(speedRow(scenario, HOST_MEMORY, speeds));
    }

    /** A row of speeds in MB per CPU-second, each against the baseline's, never judged. */
    private static Row speedRow(String scenario, String figure, List<Double> speeds) {
        Double base = speeds.get(0);
        List<Value> values = new ArrayList<>();
        values.add(new Value(base, null, null, null, Change.BASELINE));
        for (Double speed : speeds.subList(1, speeds.size())) {
            Double delta = speed == null || base == null || base == 0 ? null : 100 * (speed / base - 1);
            values.add(new Value(speed, null, null, delta, Change.NOT_JUDGED));
        }
        return new Row(scenario, figure, Unit.MB_PER_CPU_SECOND, values);
    }

    private static Row words(String scenario, String figure, List<String> texts) {
        List<Value> values = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            Change change = i == 0 ? Change.BASELINE
                    : Objects.equals(texts.get(i), texts.get(0)) ? Change.SAME : Change.CHANGED;
            values.add(new Value(null, null, texts.get(i), null, change));
        }
        return new Row(scenario, figure, Unit.WORDS, values);
    }
}
