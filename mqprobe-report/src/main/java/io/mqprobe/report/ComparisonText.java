package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Comparison} for the terminal and as Markdown: one row per scenario and figure, one column per run, and
 * how the scenario's CPU profiles moved (under its rows in the terminal, in a list of its own in Markdown).
 */
public final class ComparisonText {

    private static final String PROFILES_INTRO = String.format(Locale.ROOT, "Per process with %d samples or more in "
            + "both runs, the parts of its sampled CPU time and the waits of its threads whose share moved by %.0f pp or "
            + "more against run 1, largest move first.", ProfileShift.MIN_SAMPLES, ProfileShift.MIN_MOVE_PP);

    private ComparisonText() {
    }

    public static String terminal(Comparison comparison) {
        StringBuilder out = new StringBuilder(heading(comparison)).append('\n');
        for (int i = 0; i < comparison.runs().size(); i++) {
            out.append("  run ").append(i + 1).append(": ").append(comparison.runs().get(i)).append('\n');
        }
        out.append('\n');
        TextTable table = new TextTable(headers(comparison));
        List<Comparison.Row> rows = comparison.rows();
        for (int i = 0; i < rows.size(); i++) {
            table.row(cells(rows.get(i)));
            String scenario = rows.get(i).scenario();
            if (i == rows.size() - 1 || !rows.get(i + 1).scenario().equals(scenario)) {
                profileLines(comparison, scenario).forEach(line -> table.note(1, TerminalSummary.plain(line)));
            }
        }
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
        out.append('\n').append(conclusion(comparison)).append('\n');
        if (!comparison.profileShifts().isEmpty()) {
            out.append("\n## CPU profiles\n\n").append(PROFILES_INTRO).append("\n\n");
            for (ProfileShift shift : comparison.profileShifts()) {
                String label = shift.scenario() + (comparison.runs().size() > 2 ? ", run " + shift.run() : "");
                shiftLines(shift).forEach(line -> out.append("- ").append(label).append(": ").append(line).append('\n'));
            }
        }
        return out.toString();
    }

    /**
     * Under a scenario's rows, per later run with a profile in both: "profiles: broker-1: compression (gzip) 2 % → 94 %
     * (+92 pp), ..." and its further lines aligned below; empty when a run has no profile.
     */
    static List<String> profileLines(Comparison comparison, String scenario) {
        List<String> lines = new ArrayList<>();
        for (ProfileShift shift : comparison.profileShifts()) {
            if (!shift.scenario().equals(scenario)) {
                continue;
            }
            String label = comparison.runs().size() > 2 ? "profiles, run " + shift.run() + ": " : "profiles: ";
            List<String> body = shiftLines(shift);
            for (int i = 0; i < body.size(); i++) {
                lines.add((i == 0 ? label : " ".repeat(label.length())) + body.get(i));
            }
        }
        return lines;
    }

    /** Per process a line of moved parts and one of moved waits, or one line saying nothing moved. */
    static List<String> shiftLines(ProfileShift shift) {
        if (shift.processesCompared() == 0) {
            return List.of("no process had " + ProfileShift.MIN_SAMPLES + " samples in both runs, too few to compare");
        }
        if (shift.processes().isEmpty()) {
            return List.of(String.format(Locale.ROOT, "no part moved by %.0f pp or more", ProfileShift.MIN_MOVE_PP));
        }
        List<String> lines = new ArrayList<>();
        for (ProfileShift.ProcessShift process : shift.processes()) {
            for (List<ProfileShift.Move> moves : List.of(process.parts(), process.waits())) {
                if (!moves.isEmpty()) {
                    lines.add(process.source() + ": " + String.join(", ", moves.stream().map(ComparisonText::move).toList()));
                }
            }
        }
        return lines;
    }

    /** "compression (gzip) 2 % → 94 % (+92 pp)"; a share one run lacks reads 0 %, and the move says so. */
    static String move(ProfileShift.Move move) {
        String note = move.baselineShare() == null ? ", appeared" : move.laterShare() == null ? ", disappeared" : "";
        return move.name() + " " + share(move.baselineShare()) + " → " + share(move.laterShare()) + " (" + pp(move.movedPp())
                + note + ")";
    }

    static String share(Double share) {
        return HumanUnits.pct(share == null ? 0 : 100 * share);
    }

    /** "+92 pp", "−29 pp" (a minus sign, not a hyphen). */
    static String pp(double pp) {
        return String.format(Locale.ROOT, "%+.0f pp", pp).replace('-', '−');
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
            return switch (v.change()) {
                case CHANGED -> words + " (changed)";
                case SHARED_LIMIT -> words + " (the same limit: " + v.shared() + ")";
                default -> words;
            };
        }
        if (v.mean() == null) {
            return HumanUnits.NONE;
        }
        String figure = switch (unit) {
            case MICROS -> HumanUnits.latencyUs(v.mean());
            case MB_PER_CPU_SECOND -> String.format(Locale.ROOT, "%,.0f MB per CPU-s", v.mean());
            default -> HumanUnits.mbPerSecond(v.mean());
        };
        if (v.halfWidth() != null && v.mean() > 0) {
            figure += " ±" + HumanUnits.pct(100 * v.halfWidth() / v.mean());
        }
        if (v.deltaPct() == null) {
            return figure;
        }
        String delta = String.format(Locale.ROOT, "%+.1f %%", v.deltaPct());
        return figure + switch (v.change()) {
            case BEYOND_SPREAD -> " (" + delta + ", beyond the spread)";
            // the host's speed is context, never judged: it has no interval to miss
            case NOT_JUDGED -> unit == Comparison.Unit.MB_PER_CPU_SECOND ? " (" + delta + ")" : " (" + delta + ", no interval)";
            default -> " (" + delta + ")";
        };
    }

    static String conclusion(Comparison comparison) {
        long moved = comparison.rows().stream().flatMap(r -> r.values().stream())
                .filter(v -> v.change() == Comparison.Change.BEYOND_SPREAD).count();
        long changed = comparison.rows().stream().flatMap(r -> r.values().stream())
                .filter(v -> v.change() == Comparison.Change.CHANGED).count();
        long shared = comparison.rows().stream().flatMap(r -> r.values().stream())
                .filter(v -> v.change() == Comparison.Change.SHARED_LIMIT).count();
        String tie = shared == 0 ? "" : " (" + shared + (shared == 1 ? " bottleneck named" : " bottlenecks named")
                + " the baseline's limit beside or without another within the readings' noise)";
        if (moved == 0 && changed == 0) {
            return "no figure moved beyond the runs' spread and no verdict changed" + tie;
        }
        List<String> withTheHost = comparison.movedWithTheHost();
        String host = withTheHost.isEmpty() ? ""
                : "; figures moved the way the host's speed did in " + String.join(", ", withTheHost)
                        + ": the machine changed as well as what ran on it";
        return moved + (moved == 1 ? " figure" : " figures") + " moved beyond the runs' spread, " + changed
                + (changed == 1 ? " verdict" : " verdicts") + " changed" + tie + host;
    }
}
