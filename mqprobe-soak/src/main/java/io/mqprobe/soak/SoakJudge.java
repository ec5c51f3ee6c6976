package io.mqprobe.soak;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.IntervalRow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import static io.mqprobe.soak.Drift.Unit.BYTES;
import static io.mqprobe.soak.Drift.Unit.BYTES_PER_SECOND;
import static io.mqprobe.soak.Drift.Unit.MESSAGES;
import static io.mqprobe.soak.Drift.Unit.MILLIS;
import static io.mqprobe.soak.Drift.Unit.MILLIS_PER_SECOND;
import static io.mqprobe.soak.Drift.Unit.SECONDS;
import static io.mqprobe.soak.Drift.Unit.SHARE;

/**
 * Judges a soak from its one load step and the minutes it folds into ({@link MinuteSeries}, through the readings the
 * run hands it): the first minute that crossed a threshold (failed sends, the offered rate not carried, p99 past the
 * SLO, the on-time group behind, partitions under-replicated all minute), the second in it where it crossed, and what
 * moved before; the drifts of the minutes it held ({@link Drift}); the page cache's residency and where each group read
 * from ({@link CacheFindings}).
 */
final class SoakJudge implements Judge {

    private static final boolean UP = true;
    private static final boolean DOWN = false;
    /** Another process's CPU rose alike when it rose by at least this share of the first one's rise. */
    static final double SHARED_RISE = 0.5;

    private final SoakCriteria criteria;
    private final Function<MeasuredStep, List<SoakMinute>> readings;

    /** @param readings the minutes of a load step: its seconds and the monitors' samples over it */
    SoakJudge(SoakCriteria criteria, Function<MeasuredStep, List<SoakMinute>> readings) {
        this.criteria = criteria;
        this.readings = readings;
    }

    /** A threshold crossed: in which minute, at which second from the start, and what. */
    record Crossing(int minute, long atMs, String what) {
    }

    @Override
    public SoakVerdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        Optional<MeasuredStep> soaked = steps.stream()
                .filter(s -> s.plan().warmUntil() == null && s.outcome() != null).findFirst();
        if (soaked.isEmpty()) {
            String why = steps.isEmpty() ? "the soak did not start" : "the soak stopped during its warm-up";
            return new SoakVerdict(false, 0, criteria.asked().toMillis(), null, null, why, List.of(), List.of(), List.of(),
                    List.of(), List.of(), probeCheck(false, why, false, 0), false);
        }
        MeasuredStep load = soaked.get();
        List<SoakMinute> minutes = readings.apply(load);
        long ranMs = load.result().measuredMs();
        long origin = minutes.isEmpty() ? 0 : minutes.get(0).fromEpochMs();
        List<Crossing> crossings = crossings(minutes, load.outcome().rows(), origin);
        Optional<Crossing> crossing = crossings.stream().findFirst();
        // over every minute: a trend or a cache that reads from disk says as much after a break as before it
        List<Drift> drifts = drifts(minutes);
        List<String> cache = CacheFindings.of(minutes, criteria);
        // a run cut short (Ctrl-C, a dead broker, the disk budget) held only as long as it ran
        boolean fullLength = !interrupted && ranMs >= criteria.asked().toMillis() - MinuteSeries.MINUTE_MS / 2;
        double carriedBps = minutes.stream().mapToDouble(SoakMinute::bytesPerSecond).average().orElse(0);
        String rate = HumanUnits.rate(carriedBps);
        String headline;
        List<String> evidence = new ArrayList<>();
        boolean loadGeneratorHeldIt = false;
        if (crossing.isPresent()) {
            Crossing c = crossing.get();
            List<Integer> crossedMinutes = crossings.stream().map(Crossing::minute).toList();
            Optional<CpuAtLimit.Held> heldBack = CpuAtLimit.mostOf(
                    minutes.stream().filter(m -> crossedMinutes.contains(m.minute())).toList());
            String firstMinute = CpuAtLimit.in(minutes.get(c.minute()));
            // what crossed, and which process its CPU limit held back: through most of the break, else in its first minute
            headline = "broke at " + clock(c.atMs()) + ": " + c.what() + " (" + crossings.size() + " of "
                    + HumanUnits.counted(minutes.size(), "minute") + " past a threshold); "
                    + heldBack.map(CpuAtLimit.Held::line).orElse(firstMinute);
            if (heldBack.isPresent()) {
                evidence.add(firstMinute);
                loadGeneratorHeldIt = heldBack.get().loadGenerator();
            }
            if (loadGeneratorHeldIt) {
                evidence.add("the load generator, not the cluster, held the soak back: its figures are mqprobe's; give it "
                        + "more CPU (--client-cores, or fewer readers) to soak the cluster");
            }
            evidence.addAll(before(minutes, c.minute()));
            brokeToTheEnd(crossings, minutes).ifPresent(evidence::add);
            warmUp(steps).ifPresent(evidence::add);
        } else if (!fullLength) {
            headline = "stopped after " + clock(ranMs) + " of " + clock(criteria.asked().toMillis())
                    + (interrupted ? " (interrupted)" : "") + (minutes.isEmpty() ? ", before a minute was measured"
                    : ": held " + rate + " until then");
        } else {
            headline = "held " + rate + " for " + clock(ranMs) + ": " + p99Spread(minutes)
                    + (drifts.isEmpty() ? ", no drift" : ", " + HumanUnits.counted(drifts.size(), "drift") + " (below)");
        }
        boolean passed = crossing.isEmpty() && fullLength;
        return new SoakVerdict(passed, ranMs, criteria.asked().toMillis(), crossing.map(Crossing::atMs).orElse(null),
                crossing.map(Crossing::what).orElse(null), headline, evidence, drifts, cache, SoakEvents.of(minutes), minutes,
                probeCheck(passed, headline, loadGeneratorHeldIt, carriedBps), loadGeneratorHeldIt);
    }

    /**
     * Where a soak broke early and again later, the later break is often the one that matters (the first can be a cold
     * start): the run of crossings that lasted to the end, when it began after the first crossing, with what held the
     * CPU back in its first minute.
     */
    static Optional<String> brokeToTheEnd(List<Crossing> crossings, List<SoakMinute> minutes) {
        int last = minutes.get(minutes.size() - 1).minute();
        int start = last + 1;
        for (int i = crossings.size() - 1; i >= 0 && crossings.get(i).minute() == start - 1; i--) {
            start--;
        }
        int from = start;
        int streak = last + 1 - from;
        if (streak < 2 || from <= crossings.get(0).minute() + 1) {
            return Optional.empty();
        }
        SoakMinute first = minutes.stream().filter(m -> m.minute() == from).findFirst().orElseThrow();
        Crossing then = crossings.stream().filter(c -> c.minute() == from).findFirst().orElseThrow();
        return Optional.of("past a threshold again in every minute from minute " + (from + 1) + " to the end (" + streak
                + " minutes), first " + then.what() + "; " + CpuAtLimit.in(first));
    }

    /** A warm-up that ran to its longest with a JVM still compiling: the first minutes ran on code not yet compiled. */
    private static Optional<String> warmUp(List<MeasuredStep> steps) {
        return steps.stream().filter(s -> s.plan().warmUntil() != null && s.outcome() != null)
                .map(s -> s.result().compiling()).filter(java.util.Objects::nonNull).findFirst()
                .map(compiling -> "the warm-up ended at its longest with " + compiling
                        + ": the first minutes ran on JVMs still compiling");
    }

    /**
     * What this soak says of the probe's sustainable load: at the rate asked, confirmed or not; on a correction (a lower
     * rate tried after it broke), the rate that held is the corrected one, a break says it lies lower still.
     */
    private SoakVerdict.ProbeCheck probeCheck(boolean held, String headline, boolean loadGeneratorHeldIt, double carriedBps) {
        ProbeOrigin origin = criteria.origin();
        if (origin == null) {
            return null;
        }
        String file = origin.file().toString();
        String probed = HumanUnits.rate(origin.bytesPerSecond());
        if (loadGeneratorHeldIt) {
            // a break of mqprobe's own making says nothing of the cluster's answer, either way
            return new SoakVerdict.ProbeCheck(file, origin.scenario(), origin.bytesPerSecond(), false, null,
                    "not tested: " + headline + "; the load generator held the soak back, not the cluster");
        }
        if (criteria.correction() > 0) {
            String tried = "correction " + criteria.correction();
            return held
                    ? new SoakVerdict.ProbeCheck(file, origin.scenario(), origin.bytesPerSecond(), false, carriedBps,
                    "corrected to " + HumanUnits.rate(carriedBps) + ": the probe's " + probed + " broke; " + tried + " "
                            + headline + ", with every record also read on time")
                    : new SoakVerdict.ProbeCheck(file, origin.scenario(), origin.bytesPerSecond(), false, null,
                    "not corrected: " + tried + " " + headline + "; what production can carry lies below "
                            + HumanUnits.rate(carriedBps));
        }
        // the probe's paced steps ran producers alone: the soak's readers fetch every record too
        String outcome = held ? "confirmed, with every record also read on time: " + headline
                : "not confirmed: " + headline + "; with every record also read on time (the probe ran producers alone), "
                + "what production can carry lies below " + probed;
        return new SoakVerdict.ProbeCheck(file, origin.scenario(), origin.bytesPerSecond(), held, null, outcome);
    }

    /** Each minute past a threshold, in order, with the first second in it that was. */
    List<Crossing> crossings(List<SoakMinute> minutes, List<IntervalRow> rows, long origin) {
        return minutes.stream().map(m -> crossingIn(m, rows, origin)).flatMap(Optional::stream).toList();
    }

    /** The first threshold {@code m} crossed, and the first second in it that did. */
    private Optional<Crossing> crossingIn(SoakMinute m, List<IntervalRow> rows, long origin) {
        double target = criteria.targetRecordsPerSecond();
        double sloMs = criteria.sloP99().toNanos() / 1e6;
        List<IntervalRow> seconds = rows.stream().filter(r -> IntervalRow.MEASURE.equals(r.phase())
                && MinuteSeries.minuteOf(r.epochMs(), origin) == m.minute() && r.epochMs() >= origin).toList();
        boolean judgedRate = m.seconds() >= SoakCriteria.SHORTEST_JUDGED_S;
        double sends = m.ackedPerSecond() * m.seconds() + m.errors();
        if (judgedRate && m.errors() > SoakCriteria.ERROR_SHARE * sends) {
            return crossing(m, seconds, r -> r.errors() > 0, origin,
                    String.format(Locale.ROOT, "%,d failed sends in minute %d, over %.1f %% of its sends", m.errors(),
                            m.minute() + 1, 100 * SoakCriteria.ERROR_SHARE));
        }
        if (judgedRate && target > 0 && m.ackedPerSecond() < SoakCriteria.CARRIED_SHARE * target) {
            return crossing(m, seconds, r -> r.ackedPerSecond() < SoakCriteria.CARRIED_SHARE * target, origin,
                    String.format(Locale.ROOT, "minute %d carried %s of the offered %s (under %.0f %%)", m.minute() + 1,
                            HumanUnits.msgsPerSecond(m.ackedPerSecond()), HumanUnits.msgsPerSecond(target),
                            100 * SoakCriteria.CARRIED_SHARE));
        }
        if (m.p99Ms() != null && m.p99Ms() > sloMs) {
            return crossing(m, seconds, r -> r.p99Us() / 1000 > sloMs, origin, String.format(Locale.ROOT,
                    "p99 %s > SLO %s in minute %d", HumanUnits.over(m.p99Ms(), sloMs, MILLIS::format, "ms", 1),
                    MILLIS.format(sloMs), m.minute() + 1));
        }
        // judged by what its readers saw (send to read), not by its committed offsets, which lag by the commit interval
        if (m.e2eP99Ms() != null && m.e2eP99Ms() > SoakCriteria.ON_TIME_BEHIND_S * 1000) {
            double behindUs = SoakCriteria.ON_TIME_BEHIND_S * 1e6;
            return crossing(m, seconds, r -> r.e2eP99Us() != null && r.e2eP99Us() > behindUs, origin,
                    String.format(Locale.ROOT, "the on-time group %s read %s behind the writes (end-to-end p99) in minute %d",
                            criteria.onTimeGroup(), SECONDS.format(m.e2eP99Ms() / 1000), m.minute() + 1));
        }
        if (m.underReplicated() != null && m.underReplicated() > 0) {
            return crossing(m, seconds, r -> false, origin, String.format(Locale.ROOT,
                    "%s under-replicated throughout minute %d", HumanUnits.counted(m.underReplicated(), "partition"),
                    m.minute() + 1));
        }
        return Optional.empty();
    }

    private static Optional<Crossing> crossing(SoakMinute m, List<IntervalRow> seconds,
                                               java.util.function.Predicate<IntervalRow> crossed, long origin, String what) {
        long at = seconds.stream().filter(crossed).mapToLong(IntervalRow::epochMs).findFirst().orElse(m.fromEpochMs());
        return Optional.of(new Crossing(m.minute(), at - origin, what));
    }

    /** Trends of the minutes, each toward its limit where it has one. */
    List<Drift> drifts(List<SoakMinute> minutes) {
        List<Drift> found = new ArrayList<>();
        double target = criteria.targetRecordsPerSecond();
        Double onTimeLimit = target > 0 ? SoakCriteria.ON_TIME_BEHIND_S * target : null;
        watch(found, "throughput", BYTES_PER_SECOND, values(minutes, SoakMinute::bytesPerSecond), DOWN, null);
        watch(found, "p99", MILLIS, values(minutes, SoakMinute::p99Ms), UP, criteria.sloP99().toNanos() / 1e6);
        watch(found, "p99.9", MILLIS, values(minutes, SoakMinute::p999Ms), UP, null);
        watch(found, "the on-time group's lag", MESSAGES, values(minutes, SoakMinute::onTimeLag), UP, onTimeLimit);
        watch(found, "the catch-up group's lag", SECONDS, values(minutes, SoakMinute::catchUpLagS), UP, null);
        logsPastRetention(minutes).ifPresent(found::add);
        for (String broker : brokers(minutes)) {
            Double heap = minutes.stream().map(m -> m.brokers().get(broker)).filter(b -> b != null && b.oldGenMaxBytes() != null)
                    .map(SoakMinute.Broker::oldGenMaxBytes).reduce((a, b) -> b).orElse(null);
            watch(found, broker + " old generation after GC", BYTES, of(minutes, broker, SoakMinute.Broker::oldGenAfterGcBytes),
                    UP, heap);
            watch(found, broker + " GC pauses", MILLIS_PER_SECOND, of(minutes, broker, SoakMinute.Broker::gcMsPerS), UP, null);
            watch(found, broker + " page-cache residency", SECONDS, of(minutes, broker, SoakMinute.Broker::residencyS), DOWN,
                    null);
            watch(found, broker + " disk reads", BYTES_PER_SECOND, of(minutes, broker, SoakMinute.Broker::diskReadBps), UP, null);
        }
        // a process's CPU climbing toward its limit at a steady rate: what will bind first, and when
        List<String> processes = processes(minutes);
        for (String process : processes) {
            Drift.of(process + " CPU (share of its limit)", SHARE, cpu(minutes, process, SoakMinute.Cpu::share), UP, 1.0)
                    .map(d -> sharedRise(process, minutes, processes).map(d::because).orElse(d))
                    .ifPresent(found::add);
        }
        return found;
    }

    /**
     * A process's CPU that rose as every other process's did, while the load they carried stayed level, is not its own
     * work growing: each got less done per CPU-second, which a machine getting slower does (a neighbour on the
     * hypervisor, a busier memory bus), not anything one process does. Seen on the 2-core VM: in minute 14 of a
     * 30-minute soak at a steady 64.7 MB/s the load generator and all three brokers rose by 7-12 % together, and every
     * broker's produce latencies doubled.
     */
    static Optional<String> sharedRise(String process, List<SoakMinute> minutes, List<String> processes) {
        Optional<Double> own = Drift.relativeChange(cpu(minutes, process, SoakMinute.Cpu::cores));
        if (own.isEmpty() || own.get() <= 0 || processes.size() < 2) {
            return Optional.empty();
        }
        double alike = SHARED_RISE * own.get();
        double carried = Drift.relativeChange(values(minutes, SoakMinute::bytesPerSecond)).orElse(0.0);
        if (carried >= alike) {
            return Optional.empty();   // more work done explains a rise
        }
        List<String> others = new ArrayList<>();
        for (String other : processes) {
            if (!other.equals(process)) {
                Optional<Double> rise = Drift.relativeChange(cpu(minutes, other, SoakMinute.Cpu::cores));
                if (rise.isEmpty() || rise.get() < alike) {
                    return Optional.empty();
                }
                others.add(other + " " + signedPercent(rise.get()));
            }
        }
        return Optional.of(String.format(Locale.ROOT, "its cores rose %.0f %%", 100 * own.get()) + " as every other process's did ("
                + String.join(", ", others) + ") while the carried rate moved " + signedPercent(carried)
                + ": each got less done per CPU-second, a slower machine rather than more work of " + process + "'s own");
    }

    /** A process's CPU figure per judged minute. */
    private static List<Double> cpu(List<SoakMinute> minutes, String process, Function<SoakMinute.Cpu, Double> figure) {
        return values(minutes, m -> {
            SoakMinute.Cpu cpu = m.cpu().get(process);
            return cpu == null ? null : figure.apply(cpu);
        });
    }

    private static String signedPercent(double share) {
        return String.format(Locale.ROOT, "%+.0f %%", 100 * share);
    }

    /**
     * The topic's logs climbing: a finding once they hold more than retention keeps them at (retention is not deleting
     * as fast as the load writes), with the time until they reach the disk budget; below that cap they are filling
     * toward it, as retention allows. Without a cap every climb is one.
     */
    private Optional<Drift> logsPastRetention(List<SoakMinute> minutes) {
        List<Double> logs = values(minutes, SoakJudge::logBytes);
        Optional<Drift> climb = Drift.of("the topic's logs", BYTES, logs, UP, criteria.diskLimitBytes());
        Double cap = criteria.retentionCapBytes();
        if (climb.isEmpty() || cap == null) {
            return climb;
        }
        double last = logs.stream().filter(java.util.Objects::nonNull).reduce((a, b) -> b).orElse(0.0);
        if (last <= cap) {
            return Optional.empty();
        }
        return climb.map(d -> d.because("past retention's cap of " + BYTES.format(cap) + " (retention.bytes and one "
                + "segment per replica): retention is not deleting as fast as the load writes"
                + (criteria.diskLimitBytes() == null ? "" : "; the disk budget is " + BYTES.format(criteria.diskLimitBytes()))));
    }

    private static void watch(List<Drift> found, String series, Drift.Unit unit, List<Double> values, boolean upward,
                              Double limit) {
        Drift.of(series, unit, values, upward, limit).ifPresent(found::add);
    }

    /** How the last minute before the break differs from the first, where it moved by a quarter or more. */
    private static List<String> before(List<SoakMinute> minutes, int broke) {
        if (broke < 1) {
            return List.of("it crossed in the first minute: nothing before it to compare");
        }
        SoakMinute first = minutes.get(0);
        SoakMinute last = minutes.get(broke - 1);
        List<String> moved = new ArrayList<>();
        String span = "minute 1 → " + (broke);
        moved(moved, span, "p99", first.p99Ms(), last.p99Ms(), MILLIS::format);
        moved(moved, span, "throughput", first.bytesPerSecond(), last.bytesPerSecond(), HumanUnits::rate);
        moved(moved, span, "catch-up lag", first.catchUpLagS(), last.catchUpLagS(), SECONDS::format);
        for (String broker : brokers(minutes)) {
            SoakMinute.Broker a = first.brokers().get(broker);
            SoakMinute.Broker b = last.brokers().get(broker);
            if (a != null && b != null) {
                moved(moved, span, broker + " disk reads", a.diskReadBps(), b.diskReadBps(), HumanUnits::rate);
                moved(moved, span, broker + " page-cache residency", a.residencyS(), b.residencyS(), SECONDS::format);
                moved(moved, span, broker + " GC pauses", a.gcMsPerS(), b.gcMsPerS(), MILLIS_PER_SECOND::format);
            }
        }
        return moved.isEmpty() ? List.of("nothing watched moved by a quarter before it (" + span + ")") : moved;
    }

    private static void moved(List<String> out, String span, String what, Double from, Double to,
                              java.util.function.DoubleFunction<String> format) {
        if (from == null || to == null) {
            return;
        }
        double base = Math.max(Math.abs(from), Math.abs(to));
        if (base > 0 && Math.abs(to - from) >= 0.25 * base) {
            out.add(what + " " + format.apply(from) + " → " + format.apply(to) + " (" + span + ")");
        }
    }

    /**
     * A series' judged minutes for its trend: each whole enough to judge, and not the first where there are enough
     * after it, because the first minute carries the start (JVMs still compiling, groups joining) and would tilt or hide
     * a trend of the half hour after it.
     */
    private static List<Double> values(List<SoakMinute> minutes, Function<SoakMinute, Double> value) {
        List<Double> judged = minutes.stream().filter(m -> m.seconds() >= SoakCriteria.SHORTEST_JUDGED_S).map(value).toList();
        return judged.size() > Drift.MIN_MINUTES ? judged.subList(1, judged.size()) : judged;
    }

    /** The processes with a CPU limit (brokers, mqprobe itself), not the host. */
    private static List<String> processes(List<SoakMinute> minutes) {
        return minutes.stream().flatMap(m -> m.cpu().keySet().stream()).filter(p -> !Sources.HOST.equals(p))
                .distinct().sorted().toList();
    }

    /** One broker's figure per judged minute. */
    private static List<Double> of(List<SoakMinute> minutes, String broker, Function<SoakMinute.Broker, Double> value) {
        return values(minutes, m -> {
            SoakMinute.Broker b = m.brokers().get(broker);
            return b == null ? null : value.apply(b);
        });
    }

    private static Double logBytes(SoakMinute m) {
        List<Double> sizes = m.brokers().values().stream().map(SoakMinute.Broker::logBytes).filter(v -> v != null).toList();
        return sizes.isEmpty() ? null : sizes.stream().mapToDouble(Double::doubleValue).sum();
    }

    static List<String> brokers(List<SoakMinute> minutes) {
        return minutes.stream().flatMap(m -> m.brokers().keySet().stream()).distinct().sorted().toList();
    }

    private static String p99Spread(List<SoakMinute> minutes) {
        List<Double> p99 = minutes.stream().map(SoakMinute::p99Ms).filter(v -> v != null).sorted().toList();
        if (p99.isEmpty()) {
            return "no latency measured";
        }
        return "p99 " + MILLIS.format(p99.get(p99.size() / 2)) + " (minutes " + MILLIS.format(p99.get(0)) + "–"
                + MILLIS.format(p99.get(p99.size() - 1)) + ")";
    }


    /** "23 min 40 s", "45 s". */
    static String clock(long ms) {
        long s = Math.round(ms / 1000.0);
        return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
    }

    /** When the step started, for readers of a verdict without its minutes. */
    static long started(MeasuredStep load) {
        return Instant.parse(load.result().startedAt()).toEpochMilli();
    }
}
