package io.mqprobe.soak;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.DoubleFunction;

import static io.mqprobe.soak.Drift.Unit.MILLIS;
import static io.mqprobe.soak.Drift.Unit.SECONDS;

/** The end-of-run summary of {@code soak}: the verdict, a table of the minutes, what drifted and where readers read from. */
final class SoakSummary {

    /** The table shows every minute of a short soak, and this many evenly spaced ones (with the last) of a long one. */
    static final int TABLE_ROWS = 12;

    private SoakSummary() {
    }

    /** A rate held: what was asked, in bytes/s, and how it went. */
    record Held(double askedBytesPerSecond, SoakVerdict verdict) {
    }

    /**
     * @param soaks the rate asked, then its corrections (lower rates tried after it broke): the headline and the table
     *              are the last one's, each earlier one a note
     */
    static ResultDocument.Summary of(List<Held> soaks) {
        SoakVerdict v = soaks.get(soaks.size() - 1).verdict();
        List<List<String>> rows = new ArrayList<>();
        SoakMinute last = v.minutes().isEmpty() ? null : v.minutes().get(v.minutes().size() - 1);
        for (SoakMinute m : shown(v.minutes())) {
            SoakMinute.Broker least = m.brokers().values().stream().filter(b -> b.residencyS() != null)
                    .min(java.util.Comparator.comparingDouble(SoakMinute.Broker::residencyS)).orElse(null);
            double reads = m.brokers().values().stream().map(SoakMinute.Broker::diskReadBps).filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue).sum();
            rows.add(List.of(m.minute() + 1 + (m == last && m.seconds() < 59 ? "*" : ""),
                    String.format(Locale.ROOT, "%.1f", m.bytesPerSecond() / 1e6),
                    or(m.p99Ms(), MILLIS::format), or(m.p999Ms(), MILLIS::format), or(m.e2eP99Ms(), MILLIS::format),
                    or(m.catchUpLagS(), SECONDS::format),
                    least == null ? or(m.hostResidencyS(), SECONDS::format) : SECONDS.format(least.residencyS()),
                    HumanUnits.rate(reads)));
        }
        ResultDocument.Summary.Table table = new ResultDocument.Summary.Table(
                List.of("minute", "MB/s", "p99", "p99.9", "e2e p99", "catch-up", "residency", "disk reads"), rows);
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < soaks.size() - 1; i++) {
            notes.add(tried(i, soaks.get(i)) + ": " + soaks.get(i).verdict().headline());
            soaks.get(i).verdict().evidence().forEach(e -> notes.add("  before its break: " + e));
        }
        v.evidence().forEach(e -> notes.add("before the break: " + e));
        v.drifts().forEach(d -> notes.add("drift: " + d.describe()));
        notes.addAll(v.cache());
        notes.addAll(v.events());
        if (v.probe() != null) {
            notes.add("the probe's sustainable load for " + v.probe().scenario() + " ("
                    + HumanUnits.rate(v.probe().sustainableBytesPerSecond()) + ", " + v.probe().file() + ") " + v.probe().outcome());
        }
        notes.add("* = a minute cut short by the end; residency = seconds of writes the least-holding broker's page cache held");
        // a correction follows only a break, so the rate asked has a time it broke at
        String headline = soaks.size() == 1 ? v.headline()
                : tried(soaks.size() - 1, soaks.get(soaks.size() - 1)) + " " + v.headline() + "; " + tried(0, soaks.get(0))
                + " broke at " + SoakJudge.clock(soaks.get(0).verdict().brokeAtMs());
        return new ResultDocument.Summary(headline, List.of(), v.clientLimited(), notes, List.of(), table);
    }

    /** "the rate asked (64.7 MB/s)", "correction 1 (51.8 MB/s)". */
    private static String tried(int index, Held soak) {
        return (index == 0 ? "the rate asked" : "correction " + index) + " (" + HumanUnits.rate(soak.askedBytesPerSecond()) + ")";
    }

    private static List<SoakMinute> shown(List<SoakMinute> minutes) {
        if (minutes.size() <= TABLE_ROWS) {
            return minutes;
        }
        List<SoakMinute> shown = new ArrayList<>();
        for (int i = 0; i < TABLE_ROWS - 1; i++) {
            shown.add(minutes.get(i * (minutes.size() - 1) / (TABLE_ROWS - 1)));
        }
        shown.add(minutes.get(minutes.size() - 1));
        return shown;
    }

    private static String or(Double value, DoubleFunction<String> format) {
        return value == null ? HumanUnits.NONE : format.apply(value);
    }
}
