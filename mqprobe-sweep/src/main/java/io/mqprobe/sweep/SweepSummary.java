package io.mqprobe.sweep;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.result.ResultDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The sweep's answer in the result document's summary: per study the ranked table and the recommendation. */
final class SweepSummary {

    private SweepSummary() {
    }

    public static ResultDocument.Summary of(List<SweepStudy> studies, SweepSettings settings, SweepRuns runs,
                                      ExperimentResult result, List<String> notes) {
        List<SweepVerdict> verdicts = verdicts(runs, result);
        List<String> lines = new ArrayList<>();
        String headline = null;
        for (SweepStudy study : studies) {
            SweepMetric primary = settings.paced() && !study.consumes() ? SweepMetric.P99 : SweepMetric.THROUGHPUT;
            SweepRanking.Answer answer = SweepRanking.rank(study, verdicts, primary);
            if (answer.rows().isEmpty()) {
                continue;
            }
            headline = headline == null ? answer.recommendation() : headline;
            String measured = primary == SweepMetric.P99 ? "p99 at " + HumanUnits.msgsPerSecond(settings.rateRecordsPerSecond())
                    : study.consumes() ? "consumer throughput" : "throughput at the ceiling";
            lines.add(study.name() + " (" + measured + ", " + settings.repeats() + " runs per value): "
                    + (studies.size() > 1 ? answer.recommendation() : "ranked"));
            int rank = 1;
            for (SweepRanking.Row row : answer.rows()) {
                lines.add(row(rank++, row, answer));
            }
        }
        if (headline == null) {
            headline = "No value was measured.";
        } else if (studies.size() > 1) {
            headline = studies.size() + " studies; first: " + headline;
        }
        return new ResultDocument.Summary(headline, lines, false, notes);
    }

    /** {@code   1. compression.type=lz4      41.2 MB/s  +38 % ± 6 %  (broker bytes −41 %)}. */
    private static String row(int rank, SweepRanking.Row row, SweepRanking.Answer answer) {
        String label = row.label() + (row.label().equals(answer.baseline()) ? " (baseline)" : "");
        if (row.failure() != null) {
            return String.format(Locale.ROOT, "  %d. %-34s FAILED: %s", rank, label, row.failure());
        }
        String value = answer.primary() == SweepMetric.P99 ? "p99 " + HumanUnits.latencyUs(row.mean() * 1000)
                : HumanUnits.rate(row.mean());
        String effect = row.label().equals(answer.baseline()) || Double.isNaN(row.effectPct()) ? ""
                : SweepRanking.effectText(row.effectPct(), row.spreadPct()) + (row.clear() ? "" : " (within spread)");
        List<String> others = new ArrayList<>();
        row.effects().forEach((metric, pct) -> others.add(String.format(Locale.ROOT, "%+.0f %% %s", pct,
                SweepMetric.named(metric).label())));
        return String.format(Locale.ROOT, "  %d. %-34s %14s  %-30s %s", rank, label, value, effect,
                others.isEmpty() ? "" : String.join(", ", others)).stripTrailing();
    }

    /** Verdicts of every run, plus runs that could not start (their failure, so the ranking marks them). */
    public static List<SweepVerdict> verdicts(SweepRuns runs, ExperimentResult result) {
        List<SweepVerdict> verdicts = new ArrayList<>();
        for (Map.Entry<String, SweepRuns.Run> e : runs.all().entrySet()) {
            if (result.verdicts().get(e.getKey()) instanceof SweepVerdict v) {
                verdicts.add(v);
            } else if (runs.failure(e.getKey()).isPresent()) {
                SweepRuns.Run run = e.getValue();
                verdicts.add(new SweepVerdict(run.study().name(), run.cell().values(), run.repeat(), run.position(),
                        runs.failure(e.getKey()).get(), Map.of()));
            }
        }
        return verdicts;
    }
}
