package io.mqprobe.probe;

import io.mqprobe.api.Durability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.ExperimentRunner;
import io.mqprobe.experiment.InstantDriver;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.experiment.Topics;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.PrecisionTarget;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepRunner;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.StepResult;
import io.mqprobe.probe.ProbeIntent;
import io.mqprobe.probe.ProbeJudge;
import io.mqprobe.probe.ProbePlanner;
import io.mqprobe.probe.ProbeSettings;
import io.mqprobe.probe.RampPlan;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.ScenarioOutcome;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.StepMeasurement;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The probe's plan on the engine, against a driver that acknowledges at once (so throughput never plateaus). */
@Timeout(90)
class ProbePlannerTest {

    @Test
    void should_ramp_each_scenario_then_pace_at_fractions_of_its_ceiling_and_skip_what_the_target_cannot_run() {
        InstantDriver driver = new InstantDriver(); // two brokers
        ResultDocument document = new ResultDocument("probe", List.of());
        RunControl control = new RunControl();
        List<String> topicEvents = new CopyOnWriteArrayList<>();
        Topics topics = new Topics() {
            @Override
            public void create(TopicSpec spec) {
                topicEvents.add("create " + spec.name() + " rf" + spec.replicationFactor() + " " + spec.configs());
            }

            @Override
            public void delete(String name) {
                topicEvents.add("delete " + name);
            }
        };
        List<ScenarioSpec> scenarios = List.of(
                new ScenarioSpec("fast", "", 1, 1, false, Durability.LEADER, 1, Map.of("linger.ms", "1")),
                new ScenarioSpec("three-copies", "", 0, 3, false, Durability.ALL_REPLICAS, 3, Map.of()));
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of("user", "x"),
                new RampPlan(Duration.ofMillis(200), Duration.ofSeconds(1), 2, 2, List.of(0.5)), Thresholds.defaults());
        ProbePlanner planner = new ProbePlanner(scenarios, settings, driver, name -> "topic-" + name, true);
        ProbeJudge judge = new ProbeJudge(settings.thresholds(), true);
        StepRunner steps = new StepRunner(driver, document, ResourceWindow.NONE, control, row -> { }, NanoClock.SYSTEM);

        ExperimentResult result = new ExperimentRunner(steps, document, driver.admin(), topics, ActionHandler.NONE, control,
                ExperimentListener.NONE, () -> { }).run(new Experiment(ProbeJudge.KIND, planner, judge));

        List<StepResult> fast = document.steps("fast");
        // ramp with 1 then 2 clients, then paced at half the ceiling, and then narrowed below it while that fails or
        // between it and the ceiling while it passes; a failed hold sends the search on below it, past its budget by at
        // most its extra steps (a full run here took 10 steps: both holds failed, then one more below them), and one
        // hold in a gap they left
        assertThat(fast).hasSizeBetween(3, 2 + 1 + ProbePlanner.NARROWING_STEPS + SustainableSearch.EXTRA_STEPS
                + SustainableSearch.MAX_HOLDS + 1);
        assertThat(fast).extracting(StepResult::clients).startsWith(1, 2);
        assertThat(fast.get(0).targetRecordsPerSecond()).isNull();
        ProbeVerdict verdict = (ProbeVerdict) result.verdicts().get("fast");
        // paced with as many clients as its rate needs at CLIENT_HEADROOM of one client's unthrottled rate, at most the knee's
        int pacedAt = verdict.findings().knee() != null ? verdict.findings().knee().step() : verdict.findings().ceiling().step();
        double ceiling = verdict.findings().ceiling().recordsPerSecond();
        double oneClient = fast.stream().filter(s -> s.targetRecordsPerSecond() == null)
                .mapToDouble(s -> s.recordsPerSecond() / s.clients()).max().orElseThrow();
        int needed = (int) Math.ceil((ceiling / 2) / (ProbePlanner.CLIENT_HEADROOM * oneClient));
        assertThat(fast.get(2).clients()).isEqualTo(Math.max(1, Math.min(fast.get(pacedAt).clients(), needed)));
        assertThat(ceiling).isPositive();
        assertThat(fast.get(2).targetRecordsPerSecond()).isCloseTo(ceiling / 2, within(1.0));
        assertThat(fast.subList(2, fast.size())).allSatisfy(paced ->
                assertThat(paced.targetRecordsPerSecond()).isLessThan(ceiling));
        // the first paced step warms up two step warm-ups (the brokers work off the ramp under load), the others half of one
        assertThat(fast.get(2).warmupMs()).isEqualTo(400);
        assertThat(fast.subList(3, fast.size())).allSatisfy(paced -> assertThat(paced.warmupMs()).isEqualTo(100));
        assertThat(verdict.findings().stopReason()).isNotBlank().isNotEqualTo("interrupted");
        // the judge is a function of the recorded steps: a fresh one, that never saw the planner, judges them alike
        List<MeasuredStep> recorded = result.steps().stream().filter(s -> s.plan().scenario().equals("fast")).toList();
        assertThat(new ProbeJudge(settings.thresholds(), true).judge("fast", recorded, false)).isEqualTo(verdict);
        assertThat(recorded).extracting(s -> s.plan().intent().getClass().getSimpleName()).startsWith("Ramp", "Ramp", "Paced");
        // the answer is held before it is reported: the scenario's last step holds the sustainable rate
        MeasuredStep last = recorded.get(recorded.size() - 1);
        assertThat(verdict.findings().sustainable()).isNotNull();
        double answered = recorded.stream().filter(m -> m.result().index() == verdict.findings().sustainable().step())
                .findFirst().orElseThrow().result().targetRecordsPerSecond();
        if (verdict.findings().sustainable().heldStep() == null) {
            // both holds failed on this busy machine (the host's CPU counts here): the search went on below them, so
            // the last step need not be a hold, and the answer there is reported as not held, never as held (a hold in
            // the gap they left, when one was wide enough, failed as well)
            assertThat(recorded.stream().filter(m -> m.plan().intent() instanceof ProbeIntent.Paced p && p.hold()).count())
                    .isBetween((long) SustainableSearch.MAX_HOLDS, SustainableSearch.MAX_HOLDS + 1L);
            assertThat(verdict.findings().sustainable().limitedBy()).contains("not held");
        } else {
            assertThat(((ProbeIntent.Paced) last.plan().intent()).hold()).isTrue();
            assertThat(last.result().targetRecordsPerSecond()).isEqualTo(answered);
        }
        assertThat(result.steps().get(0).plan().load().producerSpec().orElseThrow().producerProperties())
                .containsEntry("profile", "CAPACITY").containsEntry("user", "x").containsEntry("linger.ms", "1")
                .containsEntry("wait-for", "leader"); // the driver's settings for the scenario's durability
        assertThat(topicEvents).containsExactly("create topic-fast rf1 {}", "delete topic-fast");

        List<ScenarioOutcome> outcomes = planner.outcomes(result);
        assertThat(outcomes).extracting(ScenarioOutcome::name).containsExactly("fast", "three-copies");
        assertThat(outcomes.get(1).skipped()).isEqualTo("needs 3 brokers, the target has 2");
        assertThat(outcomes.get(1).durable()).isTrue();
        assertThat(document.verdict("three-copies")).isEmpty();
    }

    @Test
    void should_warm_each_scenario_unjudged_with_its_own_load_before_its_first_measured_step() {
        InstantDriver driver = new InstantDriver();
        ScenarioSpec fast = new ScenarioSpec("fast", "", 1, 1, false, Durability.LEADER, 1, Map.of());
        WarmupTarget warmUntil = new WarmupTarget(50, Duration.ofSeconds(1), Duration.ofSeconds(10));
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of(),
                new RampPlan(Duration.ofMillis(200), Duration.ofSeconds(1), 4, 3, List.of(0.5)), Thresholds.defaults(), warmUntil);
        ProbePlanner planner = new ProbePlanner(List.of(fast), settings, driver, name -> "t-" + name, true);
        // no JVM reports its compilation here: warm as soon as the shortest warm-up has passed
        ExperimentResult result = runWithoutTopics(driver, planner, settings);

        MeasuredStep warm = result.steps().get(0);
        assertThat(warm.plan().intent()).isInstanceOf(ProbeIntent.Warm.class);
        // no scenario after it replicates more: its own topic alone
        assertThat(warm.plan().load().producerSpec().orElseThrow().destinations()).containsExactly("t-fast");
        assertThat(warm.plan().warmUntil()).isEqualTo(warmUntil);
        // the ramp's third client count (its plan: 1, 2, 3), unthrottled, for at most the longest warm-up
        assertThat(warm.plan().load().producerSpec().orElseThrow().clients()).isEqualTo(3);
        assertThat(warm.plan().load().producerSpec().orElseThrow().duration()).isEqualTo(warmUntil.longest());
        assertThat(warm.plan().load().producerSpec().orElseThrow().targetRecordsPerSecond()).isZero();
        assertThat(warm.result().warmupMs() + warm.result().measuredMs()).as("ended once warm").isLessThan(5_000);
        assertThat(result.steps().subList(1, result.steps().size()))
                .extracting(s -> s.plan().intent().getClass().getSimpleName()).startsWith("Ramp").doesNotContain("Warm");
        // judged on the ramp and paced steps alone, as a judge that never saw a warm-up judges them
        List<MeasuredStep> judged = result.steps().subList(1, result.steps().size());
        assertThat(new ProbeJudge(settings.thresholds(), true).judge("fast", judged, false)).isEqualTo(result.verdicts().get("fast"));
    }

    @Test
    void should_warm_the_first_scenario_also_on_a_topic_replicated_and_acknowledged_as_the_most_replicated_later_one() {
        InstantDriver driver = new InstantDriver(); // two brokers
        ScenarioSpec fast = new ScenarioSpec("fast", "", 1, 1, false, Durability.LEADER, 1, Map.of());
        ScenarioSpec copies = new ScenarioSpec("copies", "", 0, 0, false, Durability.ALL_REPLICAS, 2, Map.of());
        ScenarioSpec alsoCopies = new ScenarioSpec("also-copies", "", 0, 0, false, Durability.LEADER, 2, Map.of());
        // warm-ups and short ramps alone: no paced search (no fractions)
        WarmupTarget warmUntil = new WarmupTarget(50, Duration.ofSeconds(1), Duration.ofSeconds(10));
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of(),
                new RampPlan(Duration.ofMillis(100), Duration.ofSeconds(1), 3, 2, List.of()), Thresholds.defaults(), warmUntil);
        ProbePlanner planner = new ProbePlanner(List.of(fast, copies, alsoCopies), settings, driver, name -> "t-" + name, true);
        List<String> topicEvents = new ArrayList<>();

        ExperimentResult result = run(driver, planner, settings, topicEvents);

        List<MeasuredStep> warmUps = result.steps().stream().filter(s -> s.plan().intent() instanceof ProbeIntent.Warm).toList();
        assertThat(warmUps).extracting(s -> s.plan().scenario()).containsExactly("fast", "copies", "also-copies");
        // the first loads its own topic and one replicated as "copies" asks (both brokers), acknowledged by all replicas
        assertThat(warmUps.get(0).plan().load().producerSpec().orElseThrow().destinations()).containsExactly("t-fast", "t-copies-warm-up");
        assertThat(warmUps.get(0).plan().load().producerSpec().orElseThrow().producerProperties())
                .containsEntry("wait-for", Durability.ALL_REPLICAS.id());
        assertThat(((ProbeIntent.Warm) warmUps.get(0).plan().intent()).alsoLoading()).isEqualTo("and a topic replicated as copies's (RF 2)");
        // the later ones warm on their own load only, acknowledged as they are
        assertThat(warmUps.get(1).plan().load().producerSpec().orElseThrow().destinations()).containsExactly("t-copies");
        assertThat(warmUps.get(2).plan().load().producerSpec().orElseThrow().destinations()).containsExactly("t-also-copies");
        assertThat(warmUps.get(2).plan().load().producerSpec().orElseThrow().producerProperties())
                .containsEntry("wait-for", Durability.LEADER.id());
        assertThat(((ProbeIntent.Warm) warmUps.get(1).plan().intent()).alsoLoading()).isNull();
        // created with the first scenario's topic and deleted with it, before the next scenario's
        assertThat(topicEvents).containsSubsequence("create t-fast rf1", "create t-copies-warm-up rf2", "delete t-copies-warm-up",
                "create t-copies rf2");
        assertThat(topicEvents).filteredOn(e -> e.contains("warm-up")).hasSize(2);
    }

    @Test
    void should_measure_unthrottled_steps_three_quarters_as_long_at_most_as_paced_ones() {
        InstantDriver driver = new InstantDriver();
        ScenarioSpec fast = new ScenarioSpec("fast", "", 1, 1, false, Durability.LEADER, 1, Map.of());
        PrecisionTarget precision = new PrecisionTarget(50, Duration.ofSeconds(1), Duration.ofSeconds(2));
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of(),
                new RampPlan(Duration.ofMillis(200), Duration.ofSeconds(1), 2, 2, List.of(0.5), precision, null), Thresholds.defaults());
        ProbePlanner planner = new ProbePlanner(List.of(fast), settings, driver, name -> "t-" + name, true);

        ExperimentResult result = runWithoutTopics(driver, planner, settings);

        List<StepPlan> plans = result.steps().stream().map(MeasuredStep::plan).toList();
        assertThat(plans).hasSizeGreaterThan(2);
        assertThat(plans.subList(0, 2)).allSatisfy(unthrottled -> {
            assertThat(unthrottled.precision().maxMeasure()).isEqualTo(Duration.ofMillis(1_500));
            assertThat(unthrottled.precision().minMeasure()).isEqualTo(Duration.ofSeconds(1));
        });
        // the run's first step adds its JIT warm-up to the load; the second is warm-up plus the shorter longest measurement
        assertThat(plans.get(1).load().producerSpec().orElseThrow().duration()).isEqualTo(Duration.ofMillis(1_700));
        assertThat(plans.subList(2, plans.size())).filteredOn(p -> !((ProbeIntent.Paced) p.intent()).hold())
                .isNotEmpty().allSatisfy(paced -> assertThat(paced.precision()).isEqualTo(precision));
        // a hold measures three times a step's shortest measurement, all of it
        assertThat(plans.subList(2, plans.size())).filteredOn(p -> ((ProbeIntent.Paced) p.intent()).hold())
                .allSatisfy(hold -> assertThat(hold.precision()).isEqualTo(new PrecisionTarget(50, Duration.ofSeconds(3), Duration.ofSeconds(3))));
    }

    /**
     * A scenario started with the whole time budget already spent: its search tries the fractions, takes one narrowing
     * step at most and holds what passed (no budget: {@link #should_ramp_each_scenario_then_pace_at_fractions_of_its_ceiling_and_skip_what_the_target_cannot_run}
     * narrows on).
     */
    @Test
    void should_take_one_narrowing_step_at_most_in_a_scenario_started_past_the_whole_time_budget() {
        InstantDriver driver = new InstantDriver();
        ScenarioSpec fast = new ScenarioSpec("fast", "", 1, 1, false, Durability.LEADER, 1, Map.of());
        List<Double> fractions = List.of(0.25, 0.5);
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of(),
                new RampPlan(Duration.ofMillis(200), Duration.ofSeconds(1), 2, 2, fractions), Thresholds.defaults());
        TimeBudget spent = new TimeBudget(Instant.now().minusSeconds(1), Clock.systemUTC());
        ProbePlanner planner = new ProbePlanner(List.of(fast), settings, driver, name -> "t-" + name, true, spent);

        ExperimentResult result = runWithoutTopics(driver, planner, settings);

        List<StepPlan> paced = result.steps().stream().map(MeasuredStep::plan).filter(p -> p.intent() instanceof ProbeIntent.Paced).toList();
        assertThat(paced).isNotEmpty().allSatisfy(p -> assertThat(((ProbeIntent.Paced) p.intent()).search().narrowing())
                .isEqualTo(SustainableSearch.Narrowing.OUT_OF_TIME));
        // the first paced step runs a quarter of the ceiling; a repeat measures a fraction again; one narrowing step runs
        // between or above them, and a hold 5 % below a rate measured, or in the gap above the highest that passed (below
        // the lowest that failed, else the ceiling), first or after a hold that failed above a far lower answer: nothing else
        double quarter = rate(paced.get(0));
        List<Double> fractionRates = List.of(quarter, 2 * quarter);
        List<Double> beyondFractions = paced.stream().filter(p -> !((ProbeIntent.Paced) p.intent()).hold())
                .map(ProbePlannerTest::rate).filter(r -> fractionRates.stream().noneMatch(f -> Math.abs(r - f) <= 1)).distinct().toList();
        assertThat(beyondFractions).hasSizeLessThanOrEqualTo(1);
        List<Double> measured = java.util.stream.Stream.concat(fractionRates.stream(), beyondFractions.stream()).toList();
        List<StepPlan> holds = paced.stream().filter(p -> ((ProbeIntent.Paced) p.intent()).hold()).toList();
        double lowest = measured.stream().mapToDouble(r -> r).min().orElseThrow();
        for (int i = 0; i < holds.size(); i++) {
            double held = rate(holds.get(i));
            boolean belowMeasured = measured.stream().anyMatch(r -> Math.abs(held - Math.round(r * (1 - SustainableSearch.HOLD_MARGIN))) <= 1);
            boolean inGap = held > lowest;
            assertThat(belowMeasured || inGap).as("hold %s of %s, measured %s", held, holds.size(), measured).isTrue();
        }
    }

    /** Runs the planner's probe on {@code driver}, creating and deleting no topics, judged as the probe judges. */
    private static ExperimentResult runWithoutTopics(InstantDriver driver, ProbePlanner planner, ProbeSettings settings) {
        return run(driver, planner, settings, new ArrayList<>());
    }

    /** Runs the plan, noting each topic created ("create NAME rfN") and deleted ("delete NAME") in {@code topicEvents}. */
    private static ExperimentResult run(InstantDriver driver, ProbePlanner planner, ProbeSettings settings, List<String> topicEvents) {
        ResultDocument document = new ResultDocument("probe", List.of());
        RunControl control = new RunControl();
        StepRunner steps = new StepRunner(driver, document, ResourceWindow.NONE, control, row -> { }, NanoClock.SYSTEM);
        Topics noted = new Topics() {
            @Override
            public void create(TopicSpec spec) {
                topicEvents.add("create " + spec.name() + " rf" + spec.replicationFactor());
            }

            @Override
            public void delete(String name) {
                topicEvents.add("delete " + name);
            }
        };
        return new ExperimentRunner(steps, document, driver.admin(), noted, ActionHandler.NONE, control, ExperimentListener.NONE,
                () -> { }).run(new Experiment(ProbeJudge.KIND, planner, new ProbeJudge(settings.thresholds(), true)));
    }

    private static double rate(StepPlan step) {
        return step.load().producerSpec().orElseThrow().targetRecordsPerSecond();
    }

    @Test
    void should_lay_out_many_topics_and_spread_synchronous_senders_over_the_loaded_ones() {
        InstantDriver driver = new InstantDriver();
        ResultDocument document = new ResultDocument("probe", List.of());
        RunControl control = new RunControl();
        List<String> created = new CopyOnWriteArrayList<>();
        Topics topics = new Topics() {
            @Override
            public void create(TopicSpec spec) {
                created.add(spec.name() + " p" + spec.partitions() + " rf" + spec.replicationFactor());
            }

            @Override
            public void delete(String name) {
            }
        };
        ScenarioSpec many = new ScenarioSpec("many", "", 3, 2, false, Durability.LEADER, 2, Map.of(), 5, 2, 3);
        ProbeSettings settings = new ProbeSettings(100, 2, new PayloadSpec.Random(), Map.of(),
                new RampPlan(Duration.ZERO, Duration.ofSeconds(1), 2, 2, List.of()), Thresholds.defaults());
        ProbePlanner planner = new ProbePlanner(List.of(many), settings, driver, name -> "t-" + name, true);
        StepRunner steps = new StepRunner(driver, document, ResourceWindow.NONE, control, row -> { }, NanoClock.SYSTEM);

        ExperimentResult result = new ExperimentRunner(steps, document, driver.admin(), topics, ActionHandler.NONE, control,
                ExperimentListener.NONE, () -> { }).run(new Experiment(ProbeJudge.KIND, planner, new ProbeJudge(settings.thresholds(), true)));

        assertThat(created).containsExactly("t-many-0 p3 rf2", "t-many-1 p3 rf2", "t-many-2 p3 rf2", "t-many-3 p3 rf2", "t-many-4 p3 rf2");
        io.mqprobe.load.ProducerLoadSpec load = result.steps().get(0).plan().load().producerSpec().orElseThrow();
        assertThat(load.sync()).isTrue();
        assertThat(load.threadsPerClient()).isEqualTo(3);
        assertThat(load.destinations()).containsExactly("t-many-0", "t-many-1");
        assertThat(document.steps("many").get(0).records()).isPositive();
    }

    /**
     * The paced rates of one default probe's single scenario (2026-12-02 14:51, run 3; one unthrottled client acknowledged
     * 89,442 msgs/s, the knee had 4): every rate the search tried below one client's reach runs with one client, so the
     * line through their readings is not bent by a second client's requests (44,811 and 51,934 msgs/s ran with two).
     */
    @Test
    void should_pace_every_rate_one_client_carries_with_one_client_and_add_clients_only_beyond_it() {
        double oneClient = 89_442;
        for (double rate : new double[] {25_967, 34_761, 37_781, 39_769, 41_662, 43_554, 44_811, 51_934}) {
            assertThat(ProbePlanner.clientsFor(rate, oneClient, 4)).as("clients at %.0f msgs/s", rate).isEqualTo(1);
        }
        assertThat(ProbePlanner.clientsFor(0.95 * oneClient, oneClient, 4)).isEqualTo(2);
        assertThat(ProbePlanner.clientsFor(10 * oneClient, oneClient, 4)).isEqualTo(4);
        assertThat(ProbePlanner.clientsFor(40_000, 0, 3)).isEqualTo(3);
    }

    /**
     * Single's ramp of one default probe (2026-12-03 07:40, run 1): one client acknowledged 71,560 msgs/s while broker-1
     * was throttled in 98 % of its periods, its process using 0.22 cores; two acknowledged 98,998 (0.318 cores), four
     * 124,038 (0.387). Sized by the 71,560 the paced steps from 69k msgs/s on ran with two clients and its answer was
     * 60k msgs/s, against 127-139k in the three probes 90 minutes before, where one client paced 121-142k. A client's
     * reach is what one core sends at its process's CPU per record when that is more than it acknowledged, and it
     * carries over to later scenarios with the same producer settings; synchronous senders' reach is what they
     * acknowledged, their latency's.
     */
    @Test
    void should_size_paced_clients_by_what_one_client_can_send_not_by_what_the_brokers_let_one_through() {
        List<StepMeasurement> single = List.of(unthrottled(1, 1, 71_560, 0.22), unthrottled(2, 2, 98_998, 0.318),
                unthrottled(4, 4, 124_038, 0.387));
        double reach = ProbePlanner.asyncClientReach(single, 0);
        assertThat(reach).isCloseTo(71_560 / 0.22, within(1.0));
        for (double rate : new double[] {69_334, 74_962, 81_979, 90_974, 141_633}) {
            assertThat(ProbePlanner.clientsFor(rate, reach, 4)).as("clients at %.0f msgs/s", rate).isEqualTo(1);
        }
        // an earlier scenario's reach carries over when it was more; without a CPU reading what was acknowledged counts
        List<StepMeasurement> unread = List.of(unthrottled(1, 1, 35_093, 0), unthrottled(2, 2, 56_276, 0));
        assertThat(ProbePlanner.asyncClientReach(unread, reach)).isEqualTo(reach);
        assertThat(ProbePlanner.asyncClientReach(unread, 0)).isEqualTo(35_093);
        assertThat(ProbePlanner.asyncClientReach(List.of(unthrottled(2, 2, 70_000, 0)), 0)).isEqualTo(35_000);
        assertThat(ProbePlanner.asyncClientReach(List.of(), 0)).isZero();
        // synchronous senders wait for their acknowledgements: their client's reach is what it acknowledged
        assertThat(ProbePlanner.syncClientReach(single)).isEqualTo(71_560);
        assertThat(ProbePlanner.clientsFor(69_334, ProbePlanner.syncClientReach(single), 4)).isEqualTo(2);
    }

    private static StepMeasurement unthrottled(int index, int clients, double recordsPerSecond, double clientCores) {
        List<ResourceUsage> client = clientCores > 0
                ? List.of(new ResourceUsage(Bottleneck.CLIENT, Metric.CPU_CORES, clientCores, clientCores,
                        OptionalDouble.of(0.4))) : List.of();
        return new StepMeasurement(index, clients, null, recordsPerSecond, recordsPerSecond * 1024,
                (long) (recordsPerSecond * 6), 0, null, client);
    }
}
