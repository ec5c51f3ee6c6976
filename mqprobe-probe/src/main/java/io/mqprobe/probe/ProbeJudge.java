package io.mqprobe.probe;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepMeasurement;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.KneeConfirmation;
import io.mqprobe.search.PacedKnee;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.api.monitor.CpuAccount;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;
import io.mqprobe.api.stats.LatencySummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Judges a probe scenario: ceiling, knee and bottleneck from its unthrottled steps (latency recorded,
 * not judged: an unthrottled producer's latency is its own queue), the sustainable load from its paced
 * steps against every threshold.
 */
public final class ProbeJudge implements Judge {

    /** The experiment kind in the result document. */
    public static final String KIND = "probe";

    /** The host's CPU this busy over the ceiling's steps means the machine ran out of cores, whatever the quotas say. */
    static final double HOST_BUSY_PCT = 90;
    /** A process throttled in this share of its periods by a limit it reported itself binds on a full host too. */
    static final double OWN_LIMIT_THROTTLED_SHARE = 0.25;
    /** Readings that keep a verdict on a full host when at their threshold. */
    private static final Set<String> DISKS_AND_NICS = Set.of(Metric.DISK_WRITE_BPS, Metric.DISK_READ_BPS, Metric.NET_RX_BPS,
            Metric.NET_TX_BPS);
    /** Verdicts the host's full cores overrule: CPU (one process's, several tied, the load generator's) or nothing named. */
    private static final Set<String> CPU_OR_NOTHING = Set.of(Bottleneck.NONE, Bottleneck.LATENCY,
            Bottleneck.PARTITION, Bottleneck.CPU, Bottleneck.CLIENT, Bottleneck.CO_LIMITED);

    private final Thresholds thresholds;
    private final boolean hostShared;
    private final CpuProfiles profiles;

    /**
     * @param hostShared true when brokers and load generator share the host's cores (no isolation), as the planner was
     *                   told: then the host's CPU counts against the thresholds
     * @param profiles   where the profiled processes' time went, for why the verdict's limit binds
     */
    public ProbeJudge(Thresholds thresholds, boolean hostShared, CpuProfiles profiles) {
        this.thresholds = thresholds;
        this.hostShared = hostShared;
        this.profiles = profiles;
    }

    /** A judge that reads no profiles. */
    public ProbeJudge(Thresholds thresholds, boolean hostShared) {
        this(thresholds, hostShared, CpuProfiles.NONE);
    }

    /**
     * A function of the steps alone: ramp and paced steps by what the planner meant ({@link ProbeIntent}), the ramp's
     * stop reason decided again from the ramp's steps as the planner decided it, and the sustainable load answered by
     * the search the paced steps carry.
     */
    @Override
    public Verdict judge(String scenario, List<MeasuredStep> all, boolean interrupted) {
        // a step the run's stop cut before its measured window measured nothing: judged, it read as a rate that failed ("no
        // records acknowledged"), and a plain Kafka probe stopped at its disk budget bounded its sustainable load by it
        List<MeasuredStep> steps = interrupted ? all.stream().filter(s -> s.result().measuredMs() > 0).toList() : all;
        ProbeVerdict verdict = findings(steps, interrupted);
        StepPoint ceiling = verdict.findings().ceiling();
        if (ceiling == null || interrupted) {
            return verdict;   // a run being stopped does not wait for the brokers' last recordings
        }
        List<StepResult> ramp = steps.stream().filter(ProbeIntent::ramp).map(MeasuredStep::result).toList();
        List<StepResult> atCeiling = ceilingSteps(ceiling, ramp);
        List<ResourceUsage> resources = resourcesAt(atCeiling);
        return WhyItBinds.of(profiles, ramp, atCeiling, resources, failingStep(verdict.findings().sustainable(), steps))
                .map(verdict::withProfile).orElse(verdict);
    }

    /**
     * The step that failed the sustainable load: the last paced or held step offered the lowest rate that did not hold
     * (a rate measured again is decided by its last measurement), or {@code null} when none failed.
     */
    private static WhyItBinds.FailingStep failingStep(SustainablePoint sustainable, List<MeasuredStep> steps) {
        return sustainable == null ? null
                : failingResult(sustainable, steps).map(r -> new WhyItBinds.FailingStep(r, sustainable.limitedBy())).orElse(null);
    }

    private static Optional<StepResult> failingResult(SustainablePoint sustainable, List<MeasuredStep> steps) {
        if (sustainable.failingRecordsPerSecond() == null) {
            return Optional.empty();
        }
        double failing = sustainable.failingRecordsPerSecond();
        return steps.stream().filter(s -> ProbeIntent.paced(s) || ProbeIntent.held(s)).map(MeasuredStep::result)
                .filter(r -> r.targetRecordsPerSecond() != null && Math.abs(r.targetRecordsPerSecond() - failing) <= 1e-6 * failing)
                .reduce((first, last) -> last);
    }

    /**
     * The sustainable load's limit followed by why its line was flat, when {@link RequestCost} tells it: beside the
     * answer it moves, profiled or not (it reads the producers' metrics and the brokers' cores, no recording).
     */
    private static SustainablePoint perRequestTold(SustainablePoint sustainable, List<MeasuredStep> steps) {
        List<StepResult> paced = steps.stream().filter(ProbeIntent::paced).map(MeasuredStep::result).toList();
        return failingResult(sustainable, steps).flatMap(failing -> RequestCost.of(paced, failing))
                .map(line -> sustainable.withLimitedBy(sustainable.limitedBy() + "; " + line)).orElse(sustainable);
    }

    private ProbeVerdict findings(List<MeasuredStep> steps, boolean interrupted) {
        List<MeasuredStep> rampSteps = steps.stream().filter(ProbeIntent::ramp).toList();
        List<StepMeasurement> measuredRamp = measurements(rampSteps, hostShared);
        Thresholds saturationThresholds = thresholds.withoutLatencyJudgement();
        String stopReason = interrupted || rampSteps.isEmpty() ? "interrupted" : ProbePlanner.rampStopReason(measuredRamp,
                saturationThresholds, ((ProbeIntent.Ramp) rampSteps.get(0).plan().intent()).plannedSteps());
        // a knee measured twice is judged on the latest measurement of each client count, as the planner did
        List<StepMeasurement> ramp = KneeConfirmation.latestPerClients(measuredRamp);
        List<MeasuredStep> pacedSteps = steps.stream().filter(ProbeIntent::paced).toList();
        List<StepMeasurement> paced = measurements(pacedSteps, hostShared);
        ScenarioVerdict found = VerdictFinder.find(ramp, saturationThresholds, stopReason);
        ScenarioVerdict saturation = coldCeiling(hostShared ? found : outsideWork(found, rampSteps), ramp, steps);
        // the latest step's search: a search the time budget cut short says so in its answer
        Optional<SustainableSearch> search = steps.stream().filter(s -> s.plan().intent() instanceof ProbeIntent.Paced)
                .reduce((earlier, later) -> later).map(s -> ((ProbeIntent.Paced) s.plan().intent()).search());
        if (saturation.ceiling() == null || search.isEmpty()) {
            return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), saturation.knee(), null, saturation.bottleneck(),
                    stopReason));
        }
        List<StepMeasurement> held = measurements(steps.stream().filter(ProbeIntent::held).toList(), hostShared);
        List<StepMeasurement> pacedAndHeld = new ArrayList<>(paced);
        pacedAndHeld.addAll(held);
        Optional<SustainablePoint> sustainable = search.get().result(paced, held)
                .map(point -> point.withLimitedBy(ColdCpu.told(point.limitedBy(), pacedAndHeld)))
                .map(point -> perRequestTold(point, steps));
        // the ramp could not tell a knee: the paced steps' latency may
        StepPoint knee = saturation.knee() != null ? saturation.knee() : PacedKnee.find(paced).orElse(null);
        Bottleneck bottleneck = saturation.bottleneck();
        // the paced search, not the unthrottled ramp, says whether a load is sustainable
        List<String> evidence = new ArrayList<>(bottleneck.evidence().stream().filter(e -> !e.startsWith(VerdictFinder.NO_SUSTAINABLE)).toList());
        if (sustainable.isEmpty()) {
            evidence.add(VerdictFinder.NO_SUSTAINABLE + ColdCpu.told(search.get().noneReason(paced, held), pacedAndHeld));
        }
        bottleneck = bottleneck.withEvidence(evidence);
        return new ProbeVerdict(new ScenarioVerdict(saturation.ceiling(), knee, sustainable.orElse(null), bottleneck, stopReason));
    }

    /**
     * The verdict, with a note when the CPU it names was partly its JVM's compilers over the ceiling's steps
     * ({@link ColdCpu#atCeiling}): the figure is then a cold broker's, and the user is told how to measure it warm.
     */
    private static ScenarioVerdict coldCeiling(ScenarioVerdict verdict, List<StepMeasurement> ramp, List<MeasuredStep> steps) {
        if (verdict.ceiling() == null) {
            return verdict;
        }
        List<Integer> plateau = plateau(verdict.ceiling());
        List<StepMeasurement> atCeiling = ramp.stream().filter(s -> plateau.contains(s.index())).toList();
        String warmupEnd = steps.stream().filter(ProbeIntent::warm)
                .map(s -> s.result().compiling()).filter(Objects::nonNull).reduce((first, last) -> last).orElse(null);
        return ColdCpu.atCeiling(verdict.bottleneck(), atCeiling, warmupEnd)
                .map(note -> new ScenarioVerdict(verdict.ceiling(), verdict.knee(), verdict.sustainable(),
                        verdict.bottleneck().withNote(note), verdict.stopReason()))
                .orElse(verdict);
    }

    /**
     * With isolation each process is judged against its own quota. But the quotas fill the machine, and the kernel's
     * network work, the JIT compilers outside the quotas and any other work come on top of them. When the host's cores
     * were full over the ceiling's steps, the machine ran out: that is named (resource cpu, source host), with each
     * process's share of its quota as evidence and the processes near their quotas in the summary, because the figures
     * are then lower bounds and only a machine with cores beyond the quotas can tell whether those processes bind next.
     * Which process stood at or near its quota on a full host was noise, not evidence that separates them: here
     * replicated-all's brokers at 74-90 % of their quotas were named one, two or all three from run to run, and
     * replicated-leader's at 87-91 % (with the host at 98 %) flipped between the host and all three brokers, on either
     * side of any line drawn between them (the line stood at 95 % and then at 90 %; their CFS throttling overlapped as
     * well: 15-47 % of periods against 39-53 %). A verdict that names something other than CPU (a disk, a NIC,
     * replication, broker threads) stands.
     */
    private ScenarioVerdict outsideWork(ScenarioVerdict verdict, List<MeasuredStep> rampSteps) {
        if (verdict.ceiling() == null || !CPU_OR_NOTHING.contains(verdict.bottleneck().resource())) {
            return verdict;
        }
        List<ResourceUsage> atCeiling = resourcesAt(ceilingSteps(verdict.ceiling(), rampSteps.stream().map(MeasuredStep::result).toList()));
        Map<String, Double> cpuPct = new TreeMap<>();
        atCeiling.stream().filter(r -> Metric.CPU_CORES.equals(r.metric()))
                .forEach(r -> r.meanPct().stream().filter(Double::isFinite).forEach(pct -> cpuPct.put(r.source(), pct)));
        Double host = cpuPct.remove(Sources.HOST);
        if (host == null || host < HOST_BUSY_PCT || diskOrNicAtThreshold(atCeiling) || ownLimitBinds(verdict.bottleneck(), atCeiling)) {
            return verdict;
        }
        String line = String.format(Locale.ROOT, "host CPU %s of its cores over the ceiling's steps", HumanUnits.pct(host));
        List<String> evidence = new ArrayList<>();
        evidence.add(line);
        Optional<CpuAccount> account = CpuAccount.of(atCeiling);
        account.ifPresent(a -> evidence.add(a.describe()));
        cpuPct.forEach((source, pct) -> evidence.add(source + " CPU " + HumanUnits.pct(pct) + " of its quota"));
        Bottleneck outside = new Bottleneck(Bottleneck.CPU, Sources.HOST, line + ": the machine's cores ran out (" + beyond(account)
                + "), so figures are lower bounds" + nearQuota(cpuPct), evidence);
        return new ScenarioVerdict(verdict.ceiling(), verdict.knee(), verdict.sustainable(), outside, verdict.stopReason());
    }

    /** What took the cores beyond the processes' quotas: measured when the host's processes were read, else the usual suspects. */
    private static String beyond(Optional<CpuAccount> account) {
        return account.map(a -> "beyond the processes' quotas: " + a.beyondParts())
                .orElse("other work on this machine took the cores: the kernel's network work, the JIT compilers outside "
                        + "the quotas, anything else running");
    }

    /** The processes at or near their quotas on the full host, and what would tell whether they bind next; or nothing. */
    private static String nearQuota(Map<String, Double> cpuPct) {
        List<String> near = cpuPct.entrySet().stream().filter(e -> e.getValue() >= Thresholds.PROCESS_SATURATED_PCT)
                .map(e -> e.getKey() + " " + HumanUnits.pct(e.getValue())).toList();
        if (near.isEmpty()) {
            return "; no isolated process stood at its quota";
        }
        return "; " + String.join(", ", near) + " of " + (near.size() == 1 ? "its quota" : "their quotas")
                + " as well: a machine with cores beyond the quotas would tell whether " + (near.size() == 1 ? "it binds" : "they bind")
                + " next";
    }

    /**
     * The verdict names a process whose CPU limit the process itself reported (a container's, read from its JVM) and whose
     * quota throttled it in at least {@link #OWN_LIMIT_THROTTLED_SHARE} of its periods at the ceiling: that limit binds
     * whatever else the machine runs. The quotas mqprobe sets itself fill the machine, so for them a full host stays the
     * verdict; a limit nobody told mqprobe of is no share of this machine mqprobe planned. Here a plain Kafka broker under
     * a 0.4-core limit, on the machine that also ran the load, was throttled in 66 % of its periods while the host stood
     * at 91 %.
     */
    private static boolean ownLimitBinds(Bottleneck verdict, List<ResourceUsage> atCeiling) {
        if (!Bottleneck.CPU.equals(verdict.resource())) {
            return false;
        }
        String source = verdict.source();
        boolean reported = atCeiling.stream().anyMatch(r -> source.equals(r.source()) && Metric.CPU_LIMIT_CORES.equals(r.metric()));
        return reported && atCeiling.stream().anyMatch(r -> source.equals(r.source()) && Metric.CPU_THROTTLED_SHARE.equals(r.metric())
                && r.mean() >= OWN_LIMIT_THROTTLED_SHARE);
    }

    /** A disk or a NIC at its threshold over the ceiling's steps: a co-limited verdict naming it stands. */
    private boolean diskOrNicAtThreshold(List<ResourceUsage> atCeiling) {
        return atCeiling.stream().anyMatch(r -> DISKS_AND_NICS.contains(r.metric()) && thresholds.reached(r));
    }

    /** The ceiling's steps among {@code steps}: its plateau's, or its one step. */
    static List<StepResult> ceilingSteps(StepPoint ceiling, List<StepResult> steps) {
        List<Integer> plateau = plateau(ceiling);
        return steps.stream().filter(s -> plateau.contains(s.index())).toList();
    }

    /** The indices of a ceiling's steps: its plateau's, or its one step. */
    private static List<Integer> plateau(StepPoint ceiling) {
        return ceiling.pooled() != null ? ceiling.pooled() : List.of(ceiling.step());
    }

    /** The resources over a ceiling's steps as its verdict reads them: pooled over the steps at the plateau's level. */
    static List<ResourceUsage> resourcesAt(List<StepResult> atCeiling) {
        return VerdictFinder.plateauResources(atCeiling.stream().map(ProbeJudge::toMeasurement).toList());
    }

    /**
     * The steps as the search judges them. With isolation ({@code hostShared} false) the host's CPU is left
     * out: every process is judged against its own quota, and the rest of the host may be other work.
     */
    public static List<StepMeasurement> measurements(List<MeasuredStep> steps, boolean hostShared) {
        return steps.stream().map(s -> toMeasurement(s.result(), hostShared)).toList();
    }

    static StepMeasurement toMeasurement(StepResult step, boolean hostShared) {
        StepMeasurement m = toMeasurement(step);
        if (hostShared) {
            return m;
        }
        List<ResourceUsage> own = m.resources().stream()
                .filter(r -> !(Sources.HOST.equals(r.source()) && Metric.CPU_CORES.equals(r.metric()))).toList();
        return m.withResources(own);
    }

    static StepMeasurement toMeasurement(StepResult step) {
        long errors = step.errors().values().stream().mapToLong(Long::longValue).sum();
        LatencySummary l = step.latencyUs();
        return new StepMeasurement(step.index(), step.clients(), step.targetRecordsPerSecond(), step.recordsPerSecond(),
                step.bytesPerSecond(), step.records(), errors,
                l.count() == 0 ? null : l,
                step.resources(), step.throughputInterval(),
                step.settle() == null ? 0 : step.settle().underReplicatedAtStart(), step.p99PerSecondUs());
    }
}
