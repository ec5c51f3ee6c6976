package io.mqprobe.soak;

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

/**
 * Judges a soak from its one load step and the minutes it folds into ({@link MinuteSeries}, through the readings the
 * run hands it): the first minute that crossed a threshold (failed sends, the offered rate not carried, p99 past the
 * SLO, the on-time group behind, partitions under-replicated all minute), the second in it where it crossed, and what
 * moved before; the drifts of the minutes it held ({@link Drift}); the page cache's residency and where each group read
 * from ({@link CacheFindings}).
 */
final class SoakJudge implements Judge {

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
        Optional<MeasuredStep> soaked = steps.stream().filter(s -> s.plan().index() == SoakPlanner.SOAK_STEP && s.outcome() != null)
                .findFirst();
        if (soaked.isEmpty()) {
            String why = steps.isEmpty() ? "the soak did not start" : "the soak stopped during its warm-up";
            return new SoakVerdict(false, 0, criteria.asked().toMillis(), null, null, why, List.of(), List.of(), List.of(),
                    List.of(), probeCheck(false, why));
        }
        MeasuredStep load = soaked.get();
        List<SoakMinute> minutes = readings.apply(load);
        long ranMs = load.result().measuredMs();
        long origin = minutes.isEmpty() ? 0 : minutes.get(0).fromEpochMs();
        Optional<Crossing> crossing = firstCrossing(minutes, load.outcome().rows(), origin);
        List<SoakMinute> held = crossing.map(c -> minutes.subList(0, c.minute())).orElse(minutes);
        List<Drift> drifts = drifts(held);
        List<String> cache = CacheFindings.of(held.isEmpty() ? minutes : held, criteria);
        // a run cut short (Ctrl-C, a dead broker, the disk budget) held only as long as it ran
        boolean fullLength = !interrupted && ranMs >= criteria.asked().toMillis() - MinuteSeries.MINUTE_MS / 2;
        String rate = HumanUnits.rate(minutes.stream().mapToDouble(SoakMinute::bytesPerSecond).average().orElse(0));
        String headline;
        List<String> evidence = new ArrayList<>();
        if (crossing.isPresent()) {
            Crossing c = crossing.get();
            headline = "broke at " + clock(c.atMs()) + ": " + c.what();
            evidence.addAll(before(minutes, c.minute()));
        } else if (!fullLength) {
            headline = "stopped after " + clock(ranMs) + " of " + clock(criteria.asked().toMillis())
                    + (interrupted ? " (interrupted)" : "") + ": held " + rate + " until then";
        } else {
            headline = "held " + rate + " for " + clock(ranMs) + ": " + p99Spread(minutes)
                    + (drifts.isEmpty() ? ", no drift" : ", " + HumanUnits.counted(drifts.size(), "drift") + " (below)");
        }
        boolean passed = crossing.isEmpty() && fullLength;
        return new SoakVerdict(passed, ranMs, criteria.asked().toMillis(), crossing.map(Crossing::atMs).orElse(null),
                crossing.map(Crossing::what).orElse(null), headline, evidence, drifts, cache, minutes,
                probeCheck(passed, headline));
    }

    private SoakVerdict.ProbeCheck probeCheck(boolean held, String headline) {
        ProbeOrigin origin = criteria.origin();
        if (origin == null) {
            return null;
        }
        String outcome = held ? "confirmed: " + headline
                : "not confirmed: " + headline + "; what production can carry lies below " + HumanUnits.rate(origin.bytesPerSecond());
        return new SoakVerdict.ProbeCheck(origin.file().toString(), origin.scenario(), origin.bytesPerSecond(), held, outcome);
    }

    /** The first minute past a threshold, and the first second in it that was. */
    Optional<Crossing> firstCrossing(List<SoakMinute> minutes, List<IntervalRow> rows, long origin) {
        double target = criteria.targetRecordsPerSecond();
        double sloMs = criteria.sloP99().toNanos() / 1e6;
        for (SoakMinute m : minutes) {
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
                        "p99 %s > SLO %s in minute %d", Drift.Unit.MILLIS.format(m.p99Ms()), Drift.Unit.MILLIS.format(sloMs), m.minute() + 1));
            }
            // judged by what its readers saw (send to read), not by its committed offsets, which lag by the commit interval
            if (m.e2eP99Ms() != null && m.e2eP99Ms() > SoakCriteria.ON_TIME_BEHIND_S * 1000) {
                return crossing(m, seconds, r -> r.e2eP99Us() != null && r.e2eP99Us() > SoakCriteria.ON_TIME_BEHIND_S * 1e6, origin,
                        String.format(Locale.ROOT, "the on-time group %s read %s behind the writes (end-to-end p99) in minute %d",
                                criteria.onTimeGroup(), Drift.Unit.SECONDS.format(m.e2eP99Ms() / 1000), m.minute() + 1));
            }
            if (m.underReplicated() != null && m.underReplicated() > 0) {
                return crossing(m, seconds, r -> false, origin, String.format(Locale.ROOT,
                        "%s under-replicated throughout minute %d", HumanUnits.counted(m.underReplicated(), "partition"),
                        m.minute() + 1));
            }
        }
        return Optional.empty();
    }

    private static Optional<Crossing> crossing(SoakMinute m, List<IntervalRow> seconds,
                                               java.util.function.Predicate<IntervalRow> crossed, long origin, String what) {
        long at = seconds.stream().filter(crossed).mapToLong(IntervalRow::epochMs).findFirst().orElse(m.fromEpochMs());
        return Optional.of(new Crossing(m.minute(), at - origin, what));
    }

    /** Trends of the minutes that held, each toward its limit where it has one. */
    List<Drift> drifts(List<SoakMinute> minutes) {
        List<Drift> found = new ArrayList<>();
        double target = criteria.targetRecordsPerSecond();
        Drift.of("throughput", Drift.Unit.BYTES_PER_SECOND, values(minutes, m -> m.bytesPerSecond()), false, null).ifPresent(found::add);
        Drift.of("p99", Drift.Unit.MILLIS, values(minutes, SoakMinute::p99Ms), true, criteria.sloP99().toNanos() / 1e6).ifPresent(found::add);
        Drift.of("the on-time group's lag", Drift.Unit.MESSAGES, values(minutes, SoakMinute::onTimeLag), true,
                target > 0 ? SoakCriteria.ON_TIME_BEHIND_S * target : null).ifPresent(found::add);
        Drift.of("the catch-up group's lag", Drift.Unit.SECONDS, values(minutes, SoakMinute::catchUpLagS), true, null).ifPresent(found::add);
        Drift.of("the topic's logs", Drift.Unit.BYTES, values(minutes, SoakJudge::logBytes), true, criteria.diskLimitBytes()).ifPresent(found::add);
        for (String broker : brokers(minutes)) {
            Double heap = minutes.stream().map(m -> m.brokers().get(broker)).filter(b -> b != null && b.oldGenMaxBytes() != null)
                    .map(SoakMinute.Broker::oldGenMaxBytes).reduce((a, b) -> b).orElse(null);
            Drift.of(broker + " old generation after GC", Drift.Unit.BYTES, values(minutes, m -> of(m, broker, SoakMinute.Broker::oldGenAfterGcBytes)),
                    true, heap).ifPresent(found::add);
            Drift.of(broker + " GC pauses", Drift.Unit.MILLIS_PER_SECOND, values(minutes, m -> of(m, broker, SoakMinute.Broker::gcMsPerS)), true, null)
                    .ifPresent(found::add);
            Drift.of(broker + " page-cache residency", Drift.Unit.SECONDS, values(minutes, m -> of(m, broker, SoakMinute.Broker::residencyS)), false,
                    null).ifPresent(found::add);
            Drift.of(broker + " disk reads", Drift.Unit.BYTES_PER_SECOND, values(minutes, m -> of(m, broker, SoakMinute.Broker::diskReadBps)), true, null)
                    .ifPresent(found::add);
        }
        return found;
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
        moved(moved, span, "p99", first.p99Ms(), last.p99Ms(), Drift.Unit.MILLIS::format);
        moved(moved, span, "throughput", first.bytesPerSecond(), last.bytesPerSecond(), HumanUnits::rate);
        moved(moved, span, "catch-up lag", first.catchUpLagS(), last.catchUpLagS(), s -> String.format(Locale.ROOT, "%.1f s", s));
        for (String broker : brokers(minutes)) {
            SoakMinute.Broker a = first.brokers().get(broker);
            SoakMinute.Broker b = last.brokers().get(broker);
            if (a != null && b != null) {
                moved(moved, span, broker + " disk reads", a.diskReadBps(), b.diskReadBps(), HumanUnits::rate);
                moved(moved, span, broker + " page-cache residency", a.residencyS(), b.residencyS(),
                        s -> String.format(Locale.ROOT, "%.1f s", s));
                moved(moved, span, broker + " GC pauses", a.gcMsPerS(), b.gcMsPerS(), v -> String.format(Locale.ROOT, "%.1f ms/s", v));
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

    private static List<Double> values(List<SoakMinute> minutes, Function<SoakMinute, Double> value) {
        return minutes.stream().filter(m -> m.seconds() >= SoakCriteria.SHORTEST_JUDGED_S).map(value).toList();
    }

    private static Double of(SoakMinute m, String broker, Function<SoakMinute.Broker, Double> value) {
        SoakMinute.Broker b = m.brokers().get(broker);
        return b == null ? null : value.apply(b);
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
        return "p99 " + Drift.Unit.MILLIS.format(p99.get(p99.size() / 2)) + " (minutes " + Drift.Unit.MILLIS.format(p99.get(0)) + "–" + Drift.Unit.MILLIS.format(p99.get(p99.size() - 1)) + ")";
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
