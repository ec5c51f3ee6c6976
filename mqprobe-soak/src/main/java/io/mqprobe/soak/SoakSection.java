package io.mqprobe.soak;

import io.mqprobe.report.ChartSpec;
import io.mqprobe.report.Charts;
import io.mqprobe.report.Figure;
import io.mqprobe.report.Html;
import io.mqprobe.report.MetricUnit;
import io.mqprobe.report.VerdictSection;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What a soak verdict adds to the report: its verdict, what moved before a break, the drifts and the page-cache
 * findings in the scenario's card, and the soak as per-minute charts (throughput and latency, the groups' lag, each
 * broker's residency, disk reads, log size and old generation) with the minute that broke marked. The verdict is the
 * record that wrote it, so the report and the terminal say the same.
 */
public final class SoakSection implements VerdictSection {

    private static final String[] COLORS = {"#2563eb", "#16a34a", "#ea580c", "#7c3aed", "#0891b2", "#be185d"};

    @Override
    public String kind() {
        return SoakPlanner.KIND;
    }

    @Override
    public Optional<String> line(ScenarioResult scenario, Verdict verdict) {
        return Optional.of(((SoakVerdict) verdict).headline());
    }

    /** A soak's scenario is its verdict: its steps' figures (a warm-up and one long step) say less than its minutes. */
    @Override
    public boolean lineIsTheResult() {
        return true;
    }

    @Override
    public Optional<Boolean> passed(Verdict verdict) {
        return Optional.of(((SoakVerdict) verdict).held());
    }

    @Override
    public String html(ScenarioResult scenario, Verdict verdict) {
        SoakVerdict v = (SoakVerdict) verdict;
        StringBuilder html = new StringBuilder("<dl class=\"verdict\">\n<dt>soak</dt><dd><strong>")
                .append(v.held() ? "held" : "did not hold").append("</strong> ").append(Html.esc(v.headline()));
        list(html, v.evidence());
        html.append("</dd>\n<dt>drift</dt><dd>").append(v.drifts().isEmpty() ? "none beyond the minutes' noise" : "");
        list(html, v.drifts().stream().map(Drift::describe).toList());
        html.append("</dd>\n<dt>page cache</dt><dd>");
        list(html, v.cache());
        html.append("</dd>\n<dt>logs and heaps</dt><dd>");
        list(html, v.events());
        html.append("</dd>\n");
        if (v.probe() != null) {
            html.append("<dt>probe</dt><dd>").append(Html.esc(v.probe().scenario() + " from " + v.probe().file() + ": "
                    + v.probe().outcome())).append("</dd>\n");
        }
        return html.append("</dl>\n").toString();
    }

    @Override
    public String runSection(List<Verdict> verdicts, Charts charts) {
        StringBuilder html = new StringBuilder();
        for (int i = 0; i < verdicts.size(); i++) {
            SoakVerdict v = (SoakVerdict) verdicts.get(i);
            if (v.minutes().isEmpty()) {
                continue;
            }
            // a soak that broke and tried lower rates: the rate asked first, then its corrections, in that order
            String which = verdicts.size() == 1 ? "" : i == 0 ? ": the rate asked" : ": correction " + i;
            html.append("<section class=\"soak\"><h2>Soak, minute by minute").append(which).append("</h2>\n<p class=\"hint\">")
                    .append(Html.esc(v.headline())).append("</p>\n")
                    .append(charts.grid(figures(v), "grid two")).append("</section>\n");
        }
        return html.toString();
    }

    private static void list(StringBuilder html, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        html.append("<ul class=\"evidence\">");
        items.forEach(i -> html.append("<li>").append(Html.esc(i)).append("</li>"));
        html.append("</ul>");
    }

    private static List<Figure> figures(SoakVerdict v) {
        List<SoakMinute> minutes = v.minutes();
        List<String> labels = minutes.stream().map(m -> String.valueOf(m.minute() + 1)).toList();
        Integer broke = v.brokeAtMs() == null ? null : (int) Math.min(minutes.size() - 1, v.brokeAtMs() / MinuteSeries.MINUTE_MS);
        List<Figure> figures = new ArrayList<>();
        ChartSpec load = ChartSpec.overSteps("minute", labels).axis("y", MetricUnit.BYTES_PER_SECOND, "throughput", null)
                .axis("y1", MetricUnit.MILLIS, "latency", null);
        load.categoryLine("throughput", "y", COLORS[0], values(minutes, SoakMinute::bytesPerSecond));
        List<Double> p99 = values(minutes, SoakMinute::p99Ms);
        load.categoryLine("p99", "y1", COLORS[2], p99);
        load.categoryLine("p99.9", "y1", COLORS[3], values(minutes, SoakMinute::p999Ms));
        load.categoryLine("end-to-end p99", "y1", COLORS[1], values(minutes, SoakMinute::e2eP99Ms));
        if (broke != null && p99.get(broke) != null) {
            load.categoryMarker(ChartSpec.Marker.ERROR, "broke", "y1", broke, labels.size(), p99.get(broke));
        }
        figures.add(new Figure("throughput and latency per minute", "the minute that broke is marked", load, false));
        ChartSpec lag = ChartSpec.overSteps("minute", labels).axis("y", MetricUnit.COUNT, "on-time lag (messages)", null)
                .axis("y1", MetricUnit.MILLIS, "catch-up lag", null);
        lag.categoryLine("on-time group (committed offsets)", "y", COLORS[0], values(minutes, SoakMinute::onTimeLag));
        lag.categoryLine("catch-up group", "y1", COLORS[2], values(minutes, m -> millis(m.catchUpLagS())));
        figures.add(new Figure("the groups' lag", "the catch-up group's lag in time behind the writes", lag, false));
        figures.add(perBroker(minutes, labels, "page-cache residency", MetricUnit.MILLIS,
                b -> millis(b.residencyS()), "seconds of its writes each broker's page cache holds"));
        figures.add(perBroker(minutes, labels, "disk reads", MetricUnit.BYTES_PER_SECOND, SoakMinute.Broker::diskReadBps,
                "read from the disk itself, not the cache"));
        Figure logs = perBroker(minutes, labels, "the topic's log size", MetricUnit.BYTES, SoakMinute.Broker::logBytes,
                "flat once retention deletes as fast as the load writes; minutes that rolled segments are marked on the "
                        + "lines, minutes in which retention deleted some at the foot");
        mark(logs.spec(), minutes, SoakMinute.Broker::logBytes, SoakMinute.Broker::segmentsRolled, ChartSpec.Marker.SEGMENT_ROLL,
                "segments rolled");
        // at the foot, or the two marks would cover each other on a log that rolls and deletes every minute
        mark(logs.spec(), minutes, b -> null, SoakMinute.Broker::segmentsDeleted, ChartSpec.Marker.RETENTION_DELETE,
                "segments deleted by retention");
        figures.add(logs);
        Figure heap = perBroker(minutes, labels, "old generation after GC", MetricUnit.BYTES,
                SoakMinute.Broker::oldGenAfterGcBytes, "what survives collections: a steady climb is a leak or a cache; "
                        + "minutes with a second of " + (int) SoakMinute.Broker.LONG_GC_MS_PER_S + " ms or more of pauses are marked");
        mark(heap.spec(), minutes, SoakMinute.Broker::oldGenAfterGcBytes, SoakMinute.Broker::longGcSeconds,
                ChartSpec.Marker.LONG_GC, "long collections");
        figures.add(heap);
        return figures;
    }

    /** Marks each minute in which {@code count} was above zero on any broker, at that minute's highest {@code level}. */
    private static void mark(ChartSpec spec, List<SoakMinute> minutes, Function<SoakMinute.Broker, Double> level,
                             Function<SoakMinute.Broker, Integer> count, ChartSpec.Marker marker, String label) {
        List<Double> at = minutes.stream().map(m -> {
            Integer n = SoakEvents.inMinute(m, count);
            // on the axis's floor where the minute has no level to sit on
            return n == null || n == 0 ? null : m.brokers().values().stream().map(level).filter(v -> v != null)
                    .max(Double::compare).orElse(0.0);
        }).toList();
        if (at.stream().anyMatch(v -> v != null)) {
            spec.categoryMarkers(marker, label, "y", at);
        }
    }

    private static Figure perBroker(List<SoakMinute> minutes, List<String> labels, String title, MetricUnit unit,
                                    Function<SoakMinute.Broker, Double> value, String note) {
        TreeSet<String> brokers = new TreeSet<>();
        minutes.forEach(m -> brokers.addAll(m.brokers().keySet()));
        ChartSpec spec = ChartSpec.overSteps("minute", labels).axis("y", unit, title, null);
        int i = 0;
        for (String broker : brokers) {
            spec.categoryLine(broker, "y", COLORS[i++ % COLORS.length], values(minutes, m -> {
                SoakMinute.Broker b = m.brokers().get(broker);
                return b == null ? null : value.apply(b);
            }));
        }
        return new Figure(title, note, spec, false);
    }

    /** Seconds on a time axis, which the page formats from milliseconds. */
    private static Double millis(Double seconds) {
        return seconds == null ? null : seconds * 1000;
    }

    private static List<Double> values(List<SoakMinute> minutes, Function<SoakMinute, Double> value) {
        return minutes.stream().map(value).toList();
    }
}
