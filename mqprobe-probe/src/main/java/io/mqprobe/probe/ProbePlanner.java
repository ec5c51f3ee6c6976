package io.mqprobe.probe;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PrecisionTarget;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.KneeConfirmation;
import io.mqprobe.search.RampDecision;
import io.mqprobe.search.RampPolicy;
import io.mqprobe.search.ScenarioOutcome;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepMeasurement;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The probe's plan, scenario by scenario: a fresh topic, then unthrottled steps with more producer
 * clients each until the ramp policy says stop (plateau, errors, or the plan's end), the knee and the step
 * after it measured again when it stopped on a plateau ({@link KneeConfirmation}), then paced steps
 * where latency means something: the {@link SustainableSearch} (fractions of the ceiling, then narrowing
 * between the last passing and first failing rate, noise measured again), each step with as many clients
 * as its rate needs ({@link #CLIENT_HEADROOM} of one unthrottled client's rate per client; never more than the
 * knee's). What each scenario found is judged by {@link ProbeJudge}.
 */
public final class ProbePlanner implements Planner {

    static final Duration STEP_DRAIN = Duration.ofSeconds(15);
    /** Paced steps beyond the fractions: enough halvings to get from a quarter of the ceiling to within 5 %. */
    public static final int NARROWING_STEPS = 4;
    /**
     * Failing paced steps measured again at most, per scenario, within the same step budget: with two, a probe spent
     * both before a p99 of 311 ms at 53k msgs/s (1.6× the SLO, under a rate that had passed) ended its search at 27k.
     */
    public static final int MAX_REPEATS = 3;
    /** A hold measures this many times a step's shortest measurement (4 s by default: 12 s). */
    static final int HOLD_MEASURES = 3;
    /**
     * A paced client is given up to this share of what one client can send ({@link #asyncClientReach}); a rate above it
     * gets more clients. Not half: each producer sends a request per linger to each broker whatever the rate, so a
     * second one doubles the brokers' requests at the same rate, and half of one client's rate lay where the answers
     * land. In a default probe here (2026-12-02 14:51, single) 43,554 msgs/s ran with one client and broker-1 read
     * 0.235 of its 0.3 cores; 44,811 ran with two and read 0.282, throttled in 40 % of its periods. The line through
     * every paced step, bent by the second client, crossed 75 % where the boundary fell, and the boundary is half of
     * one noisy 4-second reading (89-121k msgs/s over that series' runs): replicated-all's answers were 11.1, 14.1 and
     * 23.4k msgs/s, two of them bounded next to a step with two clients.
     */
    static final double CLIENT_HEADROOM = 0.9;

    /** The warm-up step runs the ramp's third client count: a load that reaches every code path without swamping a cold cluster. */
    static final int WARM_CLIENT_STEP = 2;
    /**
     * A warm-up sends at most this much: the JIT compiles what is called often, not what is written much, and the
     * scenario's topic keeps only its share of the disk budget. At 2 GiB replicated-all's warm-up ended after 15 s
     * here with a broker still compiling 937 ms/s (the cap was set when a deleted topic's files stayed on the disk for
     * a minute, fixed since).
     */
    static final long WARM_MAX_BYTES = 8L << 30;

    /** Warm-up added to the run's first step, while the JIT compiles the send path. */
    static final Duration FIRST_STEP_EXTRA_WARMUP = Duration.ofSeconds(4);
    /**
     * A scenario's first paced step warms up this many step warm-ups (4 s by default) instead of half of one. Idle
     * brokers after the saturating ramp are not yet brokers at rest: once load comes back they work off the ramp's
     * garbage and leftovers, measured (2026-11-26, brokers not yet warmed up) at 85-100 % of a half-core quota for about
     * ten seconds at a quarter of the ceiling, where half the ceiling read 57 % half a minute later; hence five. Since
     * every scenario starts on warmed JVMs, the brokers' CPU in that step's first seconds reads as in its measured ones
     * (2026-11-30, the default probe's four scenarios: broker-1 33 % over seconds 1-4 of single's against 29 % over 10-13,
     * replicated-all's three brokers 35-40 % against 34-40 %), and five cost 24 s a probe.
     */
    static final int FIRST_PACED_WARMUPS = 2;

    /**
     * An unthrottled step measures at most this share of the longest measurement. Its figure is not judged alone: the
     * ceiling pools every step of the plateau, which holds three to five of them here, so the last seconds of each one
     * bought little; per-second readings of an unthrottled producer on two shared cores scatter by 25-50 %, and 8 s of
     * them never reached ±10 % in any step of the runs that measured it. A paced step's figure stands alone and keeps
     * the whole.
     */
    static final double UNTHROTTLED_MEASURE_SHARE = 0.75;

    /** Where one scenario is in its plan. */
    private enum Phase { RAMP, PACED }

    private final List<ScenarioSpec> scenarios;
    private final ProbeSettings settings;
    private final Driver driver;
    private final Function<String, String> topicNames;
    private final Map<String, ScenarioSetup> setups = new LinkedHashMap<>();
    /** Client counts of the current scenario's ramp still to be measured again (see {@link KneeConfirmation}). */
    private final List<Integer> repeats = new ArrayList<>();
    private int nextScenario;
    private ScenarioSetup current;
    private Phase phase;
    private int nextIndex;
    private int rampSteps;
    private int pacedClients;
    private List<Integer> clientSteps = List.of();
    private double oneClientRecordsPerSecond;
    /**
     * What one asynchronous client can send ({@link #asyncClientReach}) as the run's unthrottled steps so far show it,
     * per scenario producer settings (a scenario that compresses, say, costs its client more per record than one that
     * does not).
     */
    private final Map<Map<String, String>, Double> asyncClientReach = new HashMap<>();
    private SustainableSearch search;
    private final boolean hostShared;
    /** The probe's time budget, or {@code null} for none. */
    private final TimeBudget budget;
    /** When the current scenario has spent its share of the budget, or {@code null} for no budget. */
    private Instant shareEnd;
    /**
     * When the current scenario's ramp began, and how long the scenarios' ramps took so far, without their warm-ups: the
     * first scenario's warm-up also warms mqprobe's own send path (25-35 s, where the later ones took 0-22 s), and a
     * ramp measured with it made every later scenario look half a minute longer and cut the first search short.
     */
    private Instant rampStart;
    private Duration rampsTook = Duration.ZERO;
    private int rampsDone;
    /** The replicated topic the probe's first warm-up also loads ({@link ReplicatedWarmUp}), until that warm-up is planned. */
    private ReplicatedWarmUp replicatedWarmUp;
    private boolean firstWarmUpPlanned;
    /** When the current scenario's warm-up began, and the warm-ups of the probe so far ({@link TimeBudget#narrowing}). */
    private Instant warmStart;
    private TimeBudget.WarmUps warmUps = TimeBudget.WarmUps.NONE;
    private boolean firstStepOfRun = true;
    private boolean firstPacedStep;

    /** How a scenario was laid out on the target; {@code skipped} says why it did not run, else {@code null}. */
    public record ScenarioSetup(ScenarioSpec spec, String topic, int replicationFactor, Map<String, String> producerProperties,
                                String skipped, List<String> moreLoadedTopics) {
        public ScenarioSetup {
            moreLoadedTopics = moreLoadedTopics == null ? List.of() : List.copyOf(moreLoadedTopics);
        }
    }

    /**
     * @param driver     supplies the native producer defaults for capacity probing and each durability level's settings
     * @param topicNames a fresh topic name for a scenario name
     * @param hostShared true when brokers and load generator share the host's cores (no isolation): then the
     *                   host's CPU counts against the thresholds; with isolation each process is judged against
     *                   its own quota and the host (other work on the machine included) is left out
     */
    public ProbePlanner(List<ScenarioSpec> scenarios, ProbeSettings settings, Driver driver, Function<String, String> topicNames,
                        boolean hostShared) {
        this(scenarios, settings, driver, topicNames, hostShared, null);
    }

    /** @param budget how long the whole probe may take ({@link TimeBudget}), or {@code null} for no limit */
    public ProbePlanner(List<ScenarioSpec> scenarios, ProbeSettings settings, Driver driver, Function<String, String> topicNames,
                        boolean hostShared, TimeBudget budget) {
        this.budget = budget;
        this.hostShared = hostShared;
        this.scenarios = List.copyOf(scenarios);
        this.settings = settings;
        this.driver = driver;
        this.topicNames = topicNames;
    }

    @Override
    public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
        while (true) {
            if (current == null) {
                if (nextScenario >= scenarios.size()) {
                    return Optional.empty();
                }
                if (start(scenarios.get(nextScenario++), context)) {
                    return Optional.of(settings.warmUntil() == null ? rampStep() : warmStep());
                }
                continue;
            }
            Optional<StepPlan> step = phase == Phase.RAMP ? nextRampStep(measured, context) : nextPacedStep(measured);
            if (step.isPresent()) {
                return step;
            }
            if (current != null) {
                return Optional.empty(); // cancelled while settling
            }
        }
    }

    /** True when brokers and load generator share the host's cores (see the constructor). */
    public boolean hostShared() {
        return hostShared;
    }

    /** How every scenario that got as far as the planner was laid out, in order. */
    public List<ScenarioSetup> setups() {
        return List.copyOf(setups.values());
    }

    /** Every scenario as the capacity summary needs it: layout, durability, verdict or why it was skipped. */
    public List<ScenarioOutcome> outcomes(ExperimentResult result) {
        List<ScenarioOutcome> outcomes = new ArrayList<>();
        for (ScenarioSetup s : setups.values()) {
            if (s.skipped() != null) {
                outcomes.add(ScenarioOutcome.skipped(s.spec().name(), s.replicationFactor(), s.spec().durability(),
                        s.spec().pinToOneBroker(), s.skipped()));
            } else if (result.verdicts().get(s.spec().name()) instanceof ProbeVerdict v) {
                outcomes.add(new ScenarioOutcome(s.spec().name(), s.replicationFactor(), s.spec().durability(),
                        s.spec().pinToOneBroker(), v.findings()).withPartitions(s.spec().partitions()));
            }
        }
        return outcomes;
    }

    /**
     * Why a ramp stopped, from its steps as measured (a knee measured twice counts by its latest measurement): what
     * the planner decided when it ended the ramp and what the judge reports, from the same steps.
     */
    static String rampStopReason(List<StepMeasurement> measuredRamp, Thresholds saturationThresholds, int plannedSteps) {
        RampDecision decision = RampPolicy.next(KneeConfirmation.latestPerClients(measuredRamp), saturationThresholds, plannedSteps);
        return (decision instanceof RampDecision.Stop stop ? stop.reason() : "ramp plan finished (" + plannedSteps + " steps)")
                + KneeConfirmation.spread(measuredRamp).map(s -> "; " + s).orElse("");
    }

    /** Steps of a scenario's ramp (unthrottled), as opposed to its paced steps. */
    public static boolean saturating(MeasuredStep step) {
        return step.plan().load().producerSpec().map(p -> !p.paced()).orElse(false);
    }

    private boolean start(ScenarioSpec scenario, PlanContext context) {
        List<Integer> brokerIds = context.brokerIds();
        int rf = scenario.replicationOn(brokerIds.size());
        int partitions = scenario.partitions() > 0 ? scenario.partitions()
                : TopicSpec.partitionsOn(settings.defaultPartitions(), brokerIds.size());
        DurabilitySettings durable = driver.durability(scenario.durability(), rf);
        // driver defaults, then the user's, then the scenario's; its durability always holds
        Map<String, String> props = new LinkedHashMap<>(driver.producerDefaults(ProducerProfile.CAPACITY));
        props.putAll(settings.producerProperties());
        props.putAll(scenario.producerProperties());
        props.putAll(durable.producerProperties());
        ScenarioResult.ProducerSetup producer = new ScenarioResult.ProducerSetup(settings.recordSizeBytes(),
                scenario.durability(), props);
        if (brokerIds.size() < scenario.minReplicas()) {
            String reason = "needs " + scenario.minReplicas() + " brokers, the target has " + brokerIds.size();
            setups.put(scenario.name(), new ScenarioSetup(scenario, null, Math.max(1, rf), props, reason, List.of()));
            context.skipScenario(new ScenarioResult(scenario.name(), scenario.description(), null, producer), reason);
            return false;
        }
        List<String> topicNamesOfScenario = topicsOf(topicNames.apply(scenario.name()), scenario.topics());
        String topicName = topicNamesOfScenario.get(0);
        String placement = scenario.pinToOneBroker() ? "pinned to broker " + brokerIds.get(0) : "broker-chosen";
        if (scenario.topics() > 1) {
            placement += "; " + scenario.topics() + " topics " + topicName + " ... " + topicNamesOfScenario.get(scenario.topics() - 1)
                    + ", load on " + scenario.loadedTopics();
        }
        context.startScenario(new ScenarioResult(scenario.name(), scenario.description(),
                new ScenarioResult.TopicLayout(topicName, partitions, scenario.pinToOneBroker() ? 1 : rf, placement), producer));
        for (String name : topicNamesOfScenario) {
            context.createTopic(scenario.pinToOneBroker() ? TopicSpec.pinnedTo(name, partitions, brokerIds.get(0))
                    : TopicSpec.of(name, partitions, rf).withConfigs(durable.topicConfigs()));
        }
        if (settings.warmUntil() != null && !firstWarmUpPlanned) {
            replicatedWarmUp = ReplicatedWarmUp.of(scenario, scenarios.subList(nextScenario, scenarios.size()), brokerIds.size(),
                    settings.defaultPartitions(), driver, topicNames).orElse(null);
            if (replicatedWarmUp != null) {
                context.createTopic(replicatedWarmUp.topic());
            }
        }
        current = new ScenarioSetup(scenario, topicName, rf, props, null,
                topicNamesOfScenario.subList(1, scenario.loadedTopics()));
        clientSteps = clientStepsFor(scenario);
        setups.put(scenario.name(), current);
        phase = Phase.RAMP;
        shareEnd = budget == null ? null : budget.shareEnd(scenarios.size() - nextScenario + 1);
        repeats.clear();
        nextIndex = 0;
        rampSteps = 0;
        return true;
    }

    private Optional<StepPlan> nextRampStep(List<MeasuredStep> measured, PlanContext context) {
        if (!repeats.isEmpty()) {
            return Optional.of(step(repeats.remove(0), 0));
        }
        String name = current.spec().name();
        List<StepMeasurement> measuredRamp = ProbeJudge.measurements(measured.stream()
                .filter(m -> m.plan().scenario().equals(name) && ProbeIntent.ramp(m)).toList(), hostShared);
        List<StepMeasurement> ramp = KneeConfirmation.latestPerClients(measuredRamp);
        Thresholds saturationThresholds = settings.thresholds().withoutLatencyJudgement();
        RampDecision decision = RampPolicy.next(ramp, saturationThresholds, clientSteps.size());
        if (decision instanceof RampDecision.Continue && rampSteps < clientSteps.size()) {
            return Optional.of(rampStep());
        }
        if (decision instanceof RampDecision.Stop && settings.plan().precision() == null) {
            // steps of fixed length have no interval: their knee is measured twice instead
            repeats.addAll(KneeConfirmation.toRepeat(measuredRamp, saturationThresholds));
            if (!repeats.isEmpty()) {
                return Optional.of(step(repeats.remove(0), 0));
            }
        }
        String stopReason = rampStopReason(measuredRamp, saturationThresholds, clientSteps.size());
        ScenarioVerdict saturation = VerdictFinder.find(ramp, saturationThresholds, stopReason);
        if (saturation.ceiling() == null || settings.plan().sustainableFractions().isEmpty()) {
            current = null;
            return Optional.empty();
        }
        int atStep = saturation.knee() != null ? saturation.knee().step() : saturation.ceiling().step();
        pacedClients = ramp.stream().filter(s -> s.index() == atStep).findFirst().orElseThrow().clients();
        boolean synchronous = current.spec().syncSenders() > 0;
        Map<String, String> sendSettings = current.spec().producerProperties();
        oneClientRecordsPerSecond = synchronous ? syncClientReach(measuredRamp)
                : asyncClientReach(measuredRamp, asyncClientReach.getOrDefault(sendSettings, 0.0));
        if (!synchronous) {
            asyncClientReach.put(sendSettings, oneClientRecordsPerSecond);
        }
        List<Double> fractions = settings.plan().sustainableFractions();
        search = new SustainableSearch(settings.thresholds(), fractions, saturation.ceiling().recordsPerSecond(),
                fractions.size() + NARROWING_STEPS, MAX_REPEATS, ramp);
        // no pause here: the first paced step's settling waits for followers level and brokers idle, as long as they need
        phase = Phase.PACED;
        if (budget != null) {
            rampsTook = rampsTook.plus(Duration.between(rampStart, budget.clock().instant()));
            rampsDone++;
        }
        firstPacedStep = true;
        return nextPacedStep(measured);
    }

    private Optional<StepPlan> nextPacedStep(List<MeasuredStep> measured) {
        String name = current.spec().name();
        List<MeasuredStep> scenario = measured.stream().filter(m -> m.plan().scenario().equals(name)).toList();
        List<StepMeasurement> paced = ProbeJudge.measurements(scenario.stream().filter(ProbeIntent::paced).toList(), hostShared);
        List<StepMeasurement> held = ProbeJudge.measurements(scenario.stream().filter(ProbeIntent::held).toList(), hostShared);
        if (budget != null) {
            search = search.narrowing(budget.narrowing(shareEnd, scenarios.size() - nextScenario, warmUps.longestAfterFirst(),
                    rampsTook.dividedBy(rampsDone)));
        }
        Optional<SustainableSearch.Measure> next = search.next(paced, held);
        if (next.isEmpty()) {
            current = null;
            return Optional.empty();
        }
        double rate = next.get().recordsPerSecond();
        int clients = clientsFor(rate, oneClientRecordsPerSecond, pacedClients);
        return Optional.of(next.get().hold() ? holdStep(clients, rate) : step(clients, rate));
    }

    /**
     * The search's answer held for {@link #HOLD_MEASURES} times a step's shortest measurement, judged on its own latency,
     * errors and delivery and on the utilisations' lines it joins: an answer decided in seconds is carried for that long
     * before it is reported.
     */
    private StepPlan holdStep(int clients, double ratePerSecond) {
        RampPlan plan = settings.plan();
        Duration hold = plan.measure().multipliedBy(HOLD_MEASURES);
        Duration warmup = plan.warmup().dividedBy(2);
        int senders = current.spec().syncSenders();
        ProducerLoadSpec load = new ProducerLoadSpec(current.topic(), clients, Math.max(1, senders), senders > 0,
                settings.recordSizeBytes(), ratePerSecond, 0, warmup.plus(hold), settings.payload(), current.producerProperties(),
                false, current.moreLoadedTopics());
        StepPlan step = StepPlan.of(current.spec().name(), nextIndex++, new StepLoad.Produce(load), warmup, STEP_DRAIN)
                .withIntent(new ProbeIntent.Paced(search, true));
        PrecisionTarget precision = plan.precision();
        return precision == null && plan.settle() == null ? step
                : step.withPrecision(precision == null ? null : new PrecisionTarget(precision.halfWidthPct(), hold, hold), plan.settle());
    }

    /**
     * What one client sending asynchronously can send, for sizing the paced steps: the most any unthrottled step of the
     * run so far shows (this scenario's, or {@code earlierReach} from earlier scenarios with the same producer
     * settings), each step showing the more of what each of its clients acknowledged and what one core sends at the
     * client process's CPU per record.
     *
     * <p>What an unthrottled client acknowledges is what the brokers let through, not what it can send: in the default
     * probe's single scenario (2026-12-03 07:40, broker-1 throttled in 98 % of its periods) one client acknowledged
     * 71,560 msgs/s, and sized by that the paced steps from 69k msgs/s on ran with two clients, whose extra requests
     * cost broker-1 0.21-0.26 cores at 69-82k msgs/s, where one client cost it 0.18 at 60-63k in the same run and
     * 0.17-0.23 at 121-142k ninety minutes before; the answer was 60k msgs/s against 127-139k in the three probes then.
     * Replicated-all's one-client reading scattered from 35k to 94k msgs/s over nine probes, and its two lowest gave
     * the two lowest answers. That client's process used 0.22 cores for its 71,560 msgs/s: one core sends 325k. One
     * core, because a producer's records pass one sending thread and one I/O thread, and the process's CPU per record
     * (monitors included) over-counts either's, so the figure errs towards more clients. Clients share one process and
     * its quota: a second one adds requests in flight, not CPU, and a paced client runs out of requests in flight only
     * where latency is already far above an SLO.
     */
    static double asyncClientReach(List<StepMeasurement> unthrottled, double earlierReach) {
        return unthrottled.stream().mapToDouble(step -> {
            double oneCore = step.usage(Sources.CLIENT, Metric.CPU_CORES).map(ResourceUsage::mean)
                    .filter(cores -> cores > 0).map(cores -> step.recordsPerSecond() / cores).orElse(0.0);
            return Math.max(acknowledgedPerClient(step), oneCore);
        }).reduce(Math.max(0, earlierReach), Math::max);
    }

    /**
     * What one client of synchronous senders can send: what it acknowledged, since each sender waits for its
     * acknowledgement and the scenario's latency sets its pace.
     */
    static double syncClientReach(List<StepMeasurement> unthrottled) {
        return unthrottled.stream().mapToDouble(ProbePlanner::acknowledgedPerClient).max().orElse(0);
    }

    private static double acknowledgedPerClient(StepMeasurement step) {
        return step.recordsPerSecond() / Math.max(1, step.clients());
    }

    /**
     * As many clients as the rate needs at {@link #CLIENT_HEADROOM} of one client's reach ({@link #asyncClientReach}), at
     * most {@code atMost} (the knee's); {@code atMost} when one client's reach is unknown.
     */
    static int clientsFor(double ratePerSecond, double oneClientRecordsPerSecond, int atMost) {
        if (!(oneClientRecordsPerSecond > 0)) {
            return atMost;
        }
        int needed = (int) Math.ceil(ratePerSecond / (CLIENT_HEADROOM * oneClientRecordsPerSecond));
        return Math.max(1, Math.min(atMost, needed));
    }

    /**
     * The scenario's load, unthrottled with the ramp's third client count (or its last, when shorter), run until every
     * JVM compiles less than the warm-up target asks, at most its longest and {@link #WARM_MAX_BYTES}: the brokers and
     * mqprobe meet this scenario's code paths (its replication, its acknowledgement, its followers' fetches) before a
     * step is measured.
     */
    private StepPlan warmStep() {
        WarmupTarget target = settings.warmUntil();
        int clients = clientSteps.get(Math.min(WARM_CLIENT_STEP, clientSteps.size() - 1));
        int senders = current.spec().syncSenders();
        long records = Math.max(clients, WARM_MAX_BYTES / settings.recordSizeBytes());
        List<String> moreTopics = new ArrayList<>(current.moreLoadedTopics());
        Map<String, String> props = current.producerProperties();
        ReplicatedWarmUp replicated = replicatedWarmUp;
        if (replicated != null) {
            moreTopics.add(replicated.topic().name());
            props = replicated.over(props);
        }
        replicatedWarmUp = null;
        firstWarmUpPlanned = true;
        ProducerLoadSpec load = new ProducerLoadSpec(current.topic(), clients, Math.max(1, senders), senders > 0,
                settings.recordSizeBytes(), 0, records, target.longest(), settings.payload(), props, false, moreTopics);
        firstStepOfRun = false;   // the warm-up ran mqprobe's send path too
        if (budget != null) {
            warmStart = budget.clock().instant();
        }
        return StepPlan.of(current.spec().name(), nextIndex++, new StepLoad.Produce(load), target.shortest(), STEP_DRAIN)
                .withIntent(new ProbeIntent.Warm(replicated == null ? null : replicated.describe())).withWarmUntil(target);
    }

    private StepPlan rampStep() {
        if (rampSteps == 0 && budget != null) {
            rampStart = budget.clock().instant();
            if (warmStart != null) {
                warmUps = warmUps.took(Duration.between(warmStart, rampStart));
                warmStart = null;
            }
        }
        return step(clientSteps.get(rampSteps++), 0);
    }

    /** The plan's client steps, but never more sender threads than a load may have (sync senders multiply them). */
    private List<Integer> clientStepsFor(ScenarioSpec scenario) {
        int threads = Math.max(1, scenario.syncSenders());
        List<Integer> fitting = settings.plan().clientSteps().stream()
                .filter(c -> (long) c * threads <= ProducerLoadSpec.MAX_STREAMS).toList();
        return fitting.isEmpty() ? List.of(1) : fitting;
    }

    /** {@code base} alone for one topic, else {@code base-0 ... base-(n-1)}. */
    static List<String> topicsOf(String base, int count) {
        if (count <= 1) {
            return List.of(base);
        }
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(base + "-" + i);
        }
        return names;
    }

    private StepPlan step(int clients, double ratePerSecond) {
        RampPlan plan = settings.plan();
        PrecisionTarget precision = ratePerSecond > 0 ? plan.precision() : unthrottled(plan.precision());
        Duration length = plan.warmup().plus(precision == null ? plan.measure() : precision.maxMeasure());
        int senders = current.spec().syncSenders();
        ProducerLoadSpec load = new ProducerLoadSpec(current.topic(), clients, Math.max(1, senders), senders > 0,
                settings.recordSizeBytes(), ratePerSecond, 0, length, settings.payload(), current.producerProperties(),
                false, current.moreLoadedTopics());
        // a paced step's producers are created and warmed before its schedule starts: half the warm-up is enough
        Duration warmup = ratePerSecond > 0 ? plan.warmup().dividedBy(2) : plan.warmup();
        if (firstStepOfRun) {
            // mqprobe's own code is still being compiled in the first seconds of a run: its first step would measure that
            warmup = warmup.plus(FIRST_STEP_EXTRA_WARMUP);
            load = load.withDuration(load.duration().plus(FIRST_STEP_EXTRA_WARMUP));
            firstStepOfRun = false;
        }
        if (ratePerSecond > 0 && firstPacedStep) {
            Duration extra = plan.warmup().multipliedBy(FIRST_PACED_WARMUPS).minus(warmup);
            if (extra.compareTo(Duration.ZERO) > 0) {
                warmup = warmup.plus(extra);
                load = load.withDuration(load.duration().plus(extra));
            }
            firstPacedStep = false;
        }
        StepPlan step = StepPlan.of(current.spec().name(), nextIndex++, new StepLoad.Produce(load), warmup, STEP_DRAIN)
                .withIntent(ratePerSecond > 0 ? new ProbeIntent.Paced(search) : new ProbeIntent.Ramp(clientSteps.size()));
        return precision == null && plan.settle() == null ? step : step.withPrecision(precision, plan.settle());
    }

    /** The precision of an unthrottled step: the run's, measured at most {@link #UNTHROTTLED_MEASURE_SHARE} as long. */
    private static PrecisionTarget unthrottled(PrecisionTarget precision) {
        if (precision == null) {
            return null;
        }
        Duration shorter = Duration.ofMillis(Math.round(precision.maxMeasure().toMillis() * UNTHROTTLED_MEASURE_SHARE));
        return new PrecisionTarget(precision.halfWidthPct(), precision.minMeasure(),
                shorter.compareTo(precision.minMeasure()) < 0 ? precision.minMeasure() : shorter);
    }
}
