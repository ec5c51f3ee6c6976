package io.mqprobe.sweep;


import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The answer of one study: every value ranked by the primary metric (throughput at the ceiling, p99 at
 * a paced rate), its effect against the baseline with the spread of its repeats, the other metrics that
 * moved by more than their spread, and one sentence saying what to do. Failed values are ranked last
 * and say why. Pure: a function of the verdicts.
 */
public final class SweepRanking {

    /**
     * One value of the study.
     *
     * @param effectPct  primary metric against the baseline, % ({@code NaN} for a failed value)
     * @param spreadPct  half the range of its repeats and the baseline's, combined, in the same % terms
     * @param effects    other metrics' effects against the baseline, % (only those beyond their spread)
     */
    public record Row(String label, int runs, double mean, double effectPct, double spreadPct,
                      Map<String, Double> effects, String failure) {

        /** The effect is larger than the noise between repeats. */
        public boolean clear() {
            return failure == null && Math.abs(effectPct) > spreadPct;
        }
    }

    public record Answer(String study, SweepMetric primary, String baseline, List<Row> rows, String recommendation) {
    }

    private SweepRanking() {
    }

    public static Answer rank(SweepStudy study, List<SweepVerdict> verdicts, SweepMetric primary) {
        List<SweepCell> cells = study.cells();
        String baseline = cells.get(0).label();
        Map<String, List<SweepVerdict>> byCell = new LinkedHashMap<>();
        cells.forEach(c -> byCell.put(c.label(), new ArrayList<>()));
        verdicts.stream().filter(v -> v.study().equals(study.name()))
                .forEach(v -> byCell.computeIfAbsent(new SweepCell(v.values()).label(), k -> new ArrayList<>()).add(v));
        Stats base = Stats.of(byCell.get(baseline), primary.name());
        List<Row> rows = new ArrayList<>();
        byCell.forEach((label, runs) -> {
            if (runs.isEmpty()) {
                return;
            }
            String failure = runs.stream().map(SweepVerdict::failure).filter(Objects::nonNull).findFirst().orElse(null);
            Stats s = Stats.of(runs, primary.name());
            if (failure != null || s.count == 0) {
                rows.add(new Row(label, runs.size(), Double.NaN, Double.NaN, Double.NaN, Map.of(),
                        failure != null ? failure : "no " + primary.label() + " measured"));
                return;
            }
            Map<String, Double> effects = new LinkedHashMap<>();
            for (SweepMetric m : SweepMetric.ALL) {
                // an unthrottled producer's latency is its own queue: p99 only counts when it is what is ranked
                if (m != primary && m.higherIsBetter() != null && m != SweepMetric.RECORDS && m != SweepMetric.P99) {
                    Stats other = Stats.of(runs, m.name());
                    Stats otherBase = Stats.of(byCell.get(baseline), m.name());
                    if (other.count > 0 && otherBase.count > 0 && otherBase.mean > 0
                            && Math.abs(effect(other, otherBase)) > spread(other, otherBase)) {
                        effects.put(m.name(), effect(other, otherBase));
                    }
                }
            }
            boolean comparable = base.count > 0 && base.mean > 0;
            rows.add(new Row(label, runs.size(), s.mean, comparable ? effect(s, base) : Double.NaN,
                    comparable ? spread(s, base) : Double.NaN, effects, null));
        });
        Comparator<Row> better = Comparator.comparingDouble(Row::mean);
        if (primary.higherIsBetter()) {
            better = better.reversed();
        }
        List<Row> ranked = new ArrayList<>(rows.stream().filter(r -> r.failure() == null).sorted(better).toList());
        rows.stream().filter(r -> r.failure() != null).forEach(ranked::add);
        return new Answer(study.name(), primary, baseline, ranked, recommend(study, primary, baseline, ranked));
    }

    /** {@code +38 % ± 6 %}. */
    public static String effectText(double effectPct, double spreadPct) {
        return String.format(Locale.ROOT, "%+.0f %% ± %.0f %%", effectPct, spreadPct);
    }

    private static String recommend(SweepStudy study, SweepMetric primary, String baseline, List<Row> ranked) {
        if (ranked.isEmpty() || ranked.get(0).failure() != null) {
            return "No value of " + study.name() + " could be measured; see the failures below.";
        }
        Row best = ranked.get(0);
        int failed = (int) ranked.stream().filter(r -> r.failure() != null).count();
        String failedNote = failed == 0 ? "" : " (" + failed + " value" + (failed == 1 ? "" : "s") + " failed)";
        String runs = best.runs() + " runs each, alternating order";
        if (best.label().equals(baseline)) {
            return "Keep " + baseline + ": no other value beat it on " + primary.label() + " (" + runs + ")" + failedNote + ".";
        }
        if (Double.isNaN(best.effectPct())) {
            return "Use " + best.label() + ": best " + primary.label() + " measured; the baseline " + baseline
                    + " has no figure to compare with" + failedNote + ".";
        }
        if (!best.clear()) {
            // the top figure may be noise while a lower one is a clear gain: recommend the clear one, name the other
            Row clearGain = ranked.stream().filter(r -> r.clear() && !r.label().equals(baseline)
                    && (primary.higherIsBetter() ? r.effectPct() > 0 : r.effectPct() < 0)).findFirst().orElse(null);
            if (clearGain == null) {
                return "Keep " + baseline + ": the best, " + best.label() + ", differs by " + effectText(best.effectPct(), best.spreadPct())
                        + " " + primary.label() + ", within the spread of its repeats (" + runs + ")" + failedNote + ".";
            }
            return recommendation(clearGain, primary, baseline, runs, failedNote) + " " + best.label() + " measured "
                    + effectText(best.effectPct(), best.spreadPct()) + ", within the spread of its repeats.";
        }
        return recommendation(best, primary, baseline, runs, failedNote);
    }

    private static String recommendation(Row best, SweepMetric primary, String baseline, String runs, String failedNote) {
        StringBuilder s = new StringBuilder("Use " + best.label() + ": " + effectText(best.effectPct(), best.spreadPct()) + " "
                + primary.label() + " over " + baseline);
        best.effects().entrySet().stream().limit(2).forEach(e -> s.append(String.format(Locale.ROOT, ", %+.0f %% %s",
                e.getValue(), SweepMetric.named(e.getKey()).label())));
        return s.append(" (").append(runs).append(")").append(failedNote).append(".").toString();
    }

    private static double effect(Stats s, Stats base) {
        return 100 * (s.mean / base.mean - 1);
    }

    /** Half-ranges of both, relative, combined as independent errors, in % of the baseline. */
    private static double spread(Stats s, Stats base) {
        double rel = Math.hypot(s.halfRange / s.mean, base.halfRange / base.mean);
        return 100 * rel * s.mean / base.mean;
    }

    private record Stats(int count, double mean, double halfRange) {
        static Stats of(List<SweepVerdict> runs, String metric) {
            double[] xs = runs == null ? new double[0] : runs.stream().filter(v -> v.failure() == null)
                    .map(v -> v.metrics().get(metric)).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
            if (xs.length == 0) {
                return new Stats(0, Double.NaN, Double.NaN);
            }
            double min = Double.MAX_VALUE, max = -Double.MAX_VALUE, sum = 0;
            for (double x : xs) {
                min = Math.min(min, x);
                max = Math.max(max, x);
                sum += x;
            }
            return new Stats(xs.length, sum / xs.length, (max - min) / 2);
        }
    }
}
