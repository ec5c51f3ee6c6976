package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A {@link Comparison} for the terminal and as Markdown: one row per scenario and figure, one column per run. */
public final class ComparisonText {

    private ComparisonText() {
    }

    public static String terminal(Comparison comparison) {
        StringBuilder out = new StringBuilder(heading(comparison)).append('\n');
        for (int i = 0; i < comparison.runs().size(); i++) {
            out.append("  run ").append(i + 1).append(": ").append(comparison.runs().get(i)).append('\n');
        }
        out.append('\n');
        TextTable table = new TextTable(headers(comparison));
        comparison.rows().forEach(row -> table.row(cells(row)));
        return out.append(table.render("  ")).append('\n').append(conclusion(comparison)).append('\n').toString();
    }

    public static String markdown(Comparison comparison) {
        StringBuilder out = new StringBuilder("# ").append(heading(comparison)).append("\n\n");
        for (int i = 0; i < comparison.runs().size(); i++) {
            out.append("- run ").append(i + 1).append(": `").append(comparison.runs().get(i)).append("`\n");
        }
        out.append('\n');
        List<String> headers = headers(comparison);
        out.append("| ").append(String.join(" | ", headers)).append(" |\n");
        out.append("|").append("---|".repeat(headers.size())).append('\n');
        for (Comparison.Row row : comparison.rows()) {
            out.append("| ").append(String.join(" | ", cells(row))).append(" |\n");
        }
        return out.append('\n').append(conclusion(comparison)).append('\n').toString();
    }

    private static String heading(Comparison comparison) {
        return "mqprobe compare: " + judgedBy(comparison);
    }

    /** "2 probe runs, each against run 1, judged by ..." */
    static String judgedBy(Comparison comparison) {
        RunNoise noise = comparison.runNoise();
        String allowed = noise.source() == null ? "a run-to-run noise of " + HumanUnits.pct(noise.fallbackPct())
                : "the run-to-run noise measured per figure in " + noise.source() + " (" + HumanUnits.pct(noise.fallbackPct())
                        + " for figures it does not hold)";
        return comparison.runs().size() + " " + comparison.command()
                + " runs, each against run 1, judged by the runs' own intervals and " + allowed + " (--run-noise)";
    }

    static List<String> headers(Comparison comparison) {
        List<String> headers = new ArrayList<>(List.of("scenario", "figure"));
        for (int i = 0; i < comparison.runs().size(); i++) {
            headers.add("run " + (i + 1));
        }
        return headers;
    }

    static List<String> cells(Comparison.Row row) {
        List<String> cells = new ArrayList<>(List.of(row.scenario(), row.figure()));
        row.values().forEach(v -> cells.add(cell(row.unit(), v)));
        return cells;
    }

    private static String cell(Comparison.Unit unit, Comparison.Value v) {
        if (unit == Comparison.Unit.WORDS) {
            String words = v.words() == null ? HumanUnits.NONE : v.words();
            return v.change() == Comparison.Change.CHANGED ? words + " (changed)" : words;
        }
        if (v.mean() == null) {
            return HumanUnits.NONE;
        }
        String figure = unit == Comparison.Unit.MICROS ? HumanUnits.latencyUs(v.mean()) : HumanUnits.mbPerSecond(v.mean());
        if (v.halfWidth() != null && v.mean() > 0) {
            figure += " ±" + HumanUnits.pct(100 * v.halfWidth() / v.mean());
        }
        if (v.deltaPct() == null) {
            return figure;
        }
        String delta = String.format(Locale.ROOT, "%+.1f %%", v.deltaPct());
        return figure + switch (v.change()) {
            case BEYOND_SPREAD -> " (" + delta + ", beyond the spread)";
            case NOT_JUDGED -> " (" + delta + ", no interval)";
            default -> " (" + delta + ")";
        };
    }

    static String conclusion(Comparison comparison) {
        long moved = comparison.rows().stream().flatMap(r -> r.values().stream())
                .filter(v -> v.change() == Comparison.Change.BEYOND_SPREAD).count();
        long changed = comparison.rows().stream().flatMap(r -> r.values().stream())
                .filter(v -> v.change() == Comparison.Change.CHANGED).count();
        if (moved == 0 && changed == 0) {
            return "no figure moved beyond the runs' spread and no verdict changed";
        }
        return moved + (moved == 1 ? " figure" : " figures") + " moved beyond the runs' spread, " + changed
                + (changed == 1 ? " verdict" : " verdicts") + " changed";
    }
}
