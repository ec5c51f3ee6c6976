package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainablePoint;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The end-of-run summary every load command prints: status, headline, per scenario the verdict with its
 * evidence, or for a single step its throughput, latency percentiles, errors, consumer checks and
 * resources. Human units throughout; text from the document is stripped of control characters.
 */
public final class TerminalSummary {

    private static final String LABEL = "  %-13s";
    /** The deciding figures of a bottleneck the terminal shows; the report folds every one beneath its headline. */
    private static final int EVIDENCE_LINES = 3;

    private TerminalSummary() {
    }

    /** {@code color} asks for ANSI colours; {@code NO_COLOR} in the environment overrides it. */
    public static String render(ResultDocument result, boolean color) {
        return render(result, Ansi.of(color, System.getenv()));
    }

    static String render(ResultDocument result, Ansi ansi) {
        StringBuilder out = new StringBuilder();
        RunStatus status = RunStatus.of(result);
        String statusText = switch (status.kind()) {
            case COMPLETE -> ansi.green(status.line());
            case FAILED -> ansi.red(plain(status.line()));
            default -> ansi.yellow(plain(status.line()));
        };
        Duration elapsed = RunStatus.elapsed(result);
        out.append(ansi.bold("mqprobe " + plain(result.command() == null ? "run" : result.command()))).append(": ").append(statusText)
                .append(elapsed == null ? "" : " in " + HumanUnits.durationMs((double) elapsed.toMillis())).append('\n');
        String headline = Headline.of(result);
        if (headline != null) {
            out.append("  ").append(ansi.bold(plain(headline))).append('\n');
        }
        ResultDocument.Summary summary = result.summary().orElse(null);
        lines(summary, ResultDocument.Summary::lines).forEach(l -> out.append("  ").append(plain(l)).append('\n'));
        SummaryTable.of(summary).ifPresent(t -> out.append(t.text("  ", TerminalSummary::plain)));
        HostSpeed.line(result).ifPresent(line -> out.append("  ").append(ansi.dim(line)).append('\n'));
        List<ScenarioResult> scenarios = result.scenarios();
        if (InstanceSizeSection.present(result)) {
            out.append('\n').append(InstanceSizeSection.text(result, "  "));
        } else if (scenarios.isEmpty()) {
            out.append("  ").append(status.complete() ? "no scenarios ran" : "no scenario has finished a step yet").append('\n');
        }
        for (ScenarioResult scenario : scenarios) {
            out.append('\n');
            scenario(out, scenario, status.complete(), ansi);
        }
        List<String> notes = lines(summary, ResultDocument.Summary::notes);
        if (!notes.isEmpty()) {
            out.append('\n');
            notes.forEach(n -> out.append("  note: ").append(plain(n)).append('\n'));
        }
        List<String> inconsistent = lines(summary, ResultDocument.Summary::consistency);
        if (!inconsistent.isEmpty()) {
            out.append('\n');
            inconsistent.forEach(n -> out.append("  ").append(ansi.yellow("inconsistent: " + plain(n))).append('\n'));
        }
        if (summary != null && summary.clientLimited()) {
            out.append('\n').append("  ").append(ansi.yellow("warning: " + Headline.CLIENT_LIMITED)).append('\n');
        }
        return out.toString();
    }

    /** Some lines of a run's summary; none when the run has no summary or the summary no such lines. */
    static List<String> lines(ResultDocument.Summary summary, Function<ResultDocument.Summary, List<String>> which) {
        List<String> lines = summary == null ? null : which.apply(summary);
        return lines == null ? List.of() : lines;
    }

    private static void scenario(StringBuilder out, ScenarioResult scenario, boolean runComplete, Ansi ansi) {
        String description = scenario.description();
        out.append(ansi.bold("scenario " + plain(HtmlScenario.name(scenario))))
                .append(description == null ? "" : ansi.dim(" — " + plain(description))).append('\n');
        ScenarioVerdict findings = scenario.probeFindings();
        List<StepResult> steps = scenario.steps();
        Verdict any = scenario.verdict();
        Optional<VerdictSection> section = VerdictSection.of(any);
        if (findings != null) {
            verdict(out, scenario, findings, ansi);
        } else if (section.filter(VerdictSection::lineIsTheResult).isPresent()) {
            String line = plain(section.get().line(scenario, any).orElse(HumanUnits.NONE));
            out.append("  ").append(section.get().failed(any) ? ansi.red(line) : line).append('\n');
        } else if (steps.size() == 1 && scenario.skipped().isEmpty()) {
            SingleStepText.append(out, steps.get(0), ansi);
        } else {
            out.append("  ").append(plain(VerdictText.withoutVerdict(scenario, runComplete))).append('\n');
        }
        section.filter(s -> !s.lineIsTheResult()).ifPresent(s -> s.line(scenario, any)
                .ifPresent(line -> label(out, s.kind()).append(plain(line)).append('\n')));
        BreakdownSection.line(scenario).ifPresent(line -> label(out, "latency").append(plain(line)).append('\n'));
    }

    private static void verdict(StringBuilder out, ScenarioResult scenario, ScenarioVerdict verdict, Ansi ansi) {
        label(out, "ceiling").append(plain(VerdictText.point(scenario, verdict.ceiling()))).append('\n');
        label(out, "knee").append(plain(VerdictText.point(scenario, verdict.knee()))).append('\n');
        SustainablePoint sustainable = verdict.sustainable();
        label(out, "sustainable").append(ansi.green(plain(VerdictText.point(scenario, sustainable)))).append('\n');
        String sustainableDetail = VerdictText.sustainableDetail(verdict);
        if (sustainableDetail != null) {
            label(out, "").append(plain(sustainableDetail)).append('\n');
        }
        Bottleneck bottleneck = verdict.bottleneck();
        if (bottleneck != null) {
            label(out, "bottleneck").append(ansi.red(plain(VerdictText.bottleneckHeadline(verdict)))).append('\n');
            String detail = VerdictText.bottleneckDetail(verdict);
            if (detail != null) {
                label(out, "").append(plain(detail)).append('\n');
            }
            List<String> evidence = bottleneck.evidence();
            evidence.stream().limit(EVIDENCE_LINES).forEach(e -> label(out, "").append("- ").append(plain(e)).append('\n'));
            if (evidence.size() > EVIDENCE_LINES) {
                label(out, "").append(ansi.dim("(" + HumanUnits.counted(evidence.size() - EVIDENCE_LINES, "more figure")
                        + " in the report)")).append('\n');
            }
        }
        List<String> why = ProfileSection.lines(scenario.verdict());
        for (int i = 0; i < why.size(); i++) {
            label(out, i == 0 ? "why" : "").append(plain(why.get(i))).append('\n');
        }
        if (verdict.stopReason() != null) {
            label(out, "stopped").append(ansi.dim(plain(verdict.stopReason()))).append('\n');
        }
    }

    static StringBuilder label(StringBuilder out, String label) {
        return out.append(String.format(LABEL, label));
    }

    /** Document text without control characters, so a crafted name cannot drive the terminal. */
    static String plain(String s) {
        if (s == null) {
            return HumanUnits.NONE;
        }
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> out.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return out.toString();
    }

    /** For callers that decide colour themselves: true on a terminal when {@code NO_COLOR} is not set. */
    public static boolean colorByDefault() {
        return System.console() != null && Ansi.of(true, System.getenv()).on();
    }
}
