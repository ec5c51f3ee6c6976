package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report as GitHub-flavoured Markdown, for pasting into tickets and reviews: status, summary table,
 * per-scenario verdict and step table, and the run's context. No charts; the HTML report has them.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(ResultDocument result) {
        StringBuilder md = new StringBuilder("# ").append(esc(HtmlReport.title(result))).append("\n\n");
        RunStatus status = RunStatus.of(result);
        List<String> meta = new ArrayList<>();
        meta.add("**Status: " + esc(status.line()) + "**");
        if (result.startedAt() != null) {
            meta.add("started " + esc(result.startedAt()));
        }
        Duration elapsed = RunStatus.elapsed(result);
        if (elapsed != null) {
            meta.add("took " + HumanUnits.durationMs((double) elapsed.toMillis()));
        }
        md.append(String.join(" · ", meta)).append("\n\n");
        summary(md, result, status);
        for (ScenarioResult scenario : result.scenarios()) {
            scenario(md, scenario, status.complete());
        }
        context(md, result);
        return md.toString();
    }

    private static void summary(StringBuilder md, ResultDocument result, RunStatus status) {
        md.append("## Summary\n\n");
        String headline = Headline.of(result);
        if (headline != null) {
            md.append("**").append(esc(headline)).append("**\n\n");
        }
        ResultDocument.Summary summary = result.summary().orElse(null);
        bullets(md, TerminalSummary.lines(summary, ResultDocument.Summary::lines));
        SummaryTable.of(summary).ifPresent(t -> md.append(t.markdown()));
        HostSpeed.line(result).ifPresent(line -> md.append(esc(line)).append("\n\n"));
        if (summary != null && summary.clientLimited()) {
            md.append("> **Warning:** ").append(esc(Headline.CLIENT_LIMITED)).append("\n\n");
        }
        List<ScenarioResult> scenarios = result.scenarios();
        if (InstanceSizeSection.present(result)) {
            InstanceSizeSection.markdown(md, result);
        } else if (scenarios.isEmpty()) {
            md.append(status.complete() ? "No scenarios ran.\n\n" : "No scenario has finished a step yet.\n\n");
        } else if (scenarios.stream().noneMatch(s -> s.probeFindings() != null)) {
            md.append("| scenario | result |\n|---|---|\n");
            scenarios.forEach(s -> md.append("| ").append(esc(name(s))).append(" | ")
                    .append(esc(VerdictText.withoutVerdict(s, status.complete()))).append(" |\n"));
            md.append('\n');
        } else {
            md.append("| scenario | ceiling | knee | sustainable | bottleneck |\n|---|---|---|---|---|\n");
            for (ScenarioResult s : scenarios) {
                ScenarioVerdict verdict = s.probeFindings();
                md.append("| ").append(esc(name(s))).append(" | ");
                if (verdict == null) {
                    md.append(esc(VerdictText.withoutVerdict(s, status.complete()))).append(" | | | |\n");
                    continue;
                }
                String sustainableDetail = VerdictText.sustainableDetail(verdict);
                md.append(esc(VerdictText.point(s, verdict.ceiling()))).append(" | ")
                        .append(esc(VerdictText.point(s, verdict.knee()))).append(" | ")
                        .append(esc(VerdictText.point(s, verdict.sustainable())))
                        .append(sustainableDetail == null ? "" : " (" + esc(sustainableDetail) + ")")
                        .append(" | ")
                        .append(esc(VerdictText.bottleneckHeadline(verdict))).append(" |\n");
            }
            md.append('\n');
        }
        List<String> notes = TerminalSummary.lines(summary, ResultDocument.Summary::notes);
        if (!notes.isEmpty()) {
            md.append("Notes:\n\n");
            bullets(md, notes);
        }
        List<String> inconsistent = TerminalSummary.lines(summary, ResultDocument.Summary::consistency);
        if (!inconsistent.isEmpty()) {
            md.append("Inconsistent figures (scenarios that contradict each other beyond their intervals):\n\n");
            bullets(md, inconsistent);
        }
    }

    private static void scenario(StringBuilder md, ScenarioResult scenario, boolean runComplete) {
        md.append("## Scenario: ").append(esc(name(scenario))).append("\n\n");
        if (scenario.description() != null) {
            md.append(esc(scenario.description())).append("\n\n");
        }
        List<String> facts = new ArrayList<>();
        ScenarioResult.TopicLayout topic = scenario.topic();
        if (topic != null) {
            fact(facts, "topic", topic.name());
            fact(facts, "partitions", String.valueOf(topic.partitions()));
            fact(facts, "RF", String.valueOf(topic.replicationFactor()));
            fact(facts, "placement", topic.placement());
        }
        ScenarioResult.ProducerSetup producer = scenario.producer();
        if (producer != null) {
            fact(facts, "durability", producer.durability() == null ? null : producer.durability().id());
            fact(facts, "record", MetricUnit.BYTES.format(producer.recordSizeBytes()));
            // the record keeps no order of its own; the names sorted, as the writer hands them over
            new TreeMap<>(producer.properties()).forEach((key, value) -> fact(facts, key,
                    SecretRedaction.isSecret(key) ? SecretRedaction.MASK : value));
        }
        if (!facts.isEmpty()) {
            md.append(String.join(" · ", facts)).append("\n\n");
        }
        if (scenario.skipped().isPresent()) {
            md.append("Skipped: ").append(esc(scenario.skipped().get())).append("\n\n");
            return;
        }
        Verdict anyVerdict = scenario.verdict();
        VerdictSection.of(anyVerdict).ifPresent(section -> section.line(scenario, anyVerdict).ifPresent(line -> md
                .append(section.kind().substring(0, 1).toUpperCase(Locale.ROOT)).append(section.kind().substring(1))
                .append(": ").append(esc(line)).append("\n\n")));
        BreakdownSection.line(scenario).ifPresent(line -> md.append("Latency breakdown, ").append(esc(line)).append("\n\n"));
        ScenarioVerdict verdict = scenario.probeFindings();
        if (verdict == null) {
            md.append(esc(VerdictText.withoutVerdict(scenario, runComplete))).append("\n\n");
        } else {
            verdict(md, scenario, verdict);
        }
        steps(md, scenario);
    }

    private static void verdict(StringBuilder md, ScenarioResult scenario, ScenarioVerdict verdict) {
        md.append("- **ceiling:** ").append(esc(VerdictText.point(scenario, verdict.ceiling()))).append('\n');
        md.append("- **knee:** ").append(esc(VerdictText.point(scenario, verdict.knee()))).append('\n');
        String sustainableDetail = VerdictText.sustainableDetail(verdict);
        md.append("- **sustainable:** ").append(esc(VerdictText.point(scenario, verdict.sustainable())))
                .append(sustainableDetail == null ? "" : " — " + esc(sustainableDetail)).append('\n');
        Bottleneck bottleneck = verdict.bottleneck();
        if (bottleneck != null) {
            md.append("- **bottleneck:** ").append(esc(VerdictText.bottleneckHeadline(verdict))).append('\n');
            String detail = VerdictText.bottleneckDetail(verdict);
            if (detail != null) {
                md.append("  - ").append(esc(detail)).append('\n');
            }
            bottleneck.evidence().forEach(e -> md.append("  - ").append(esc(e)).append('\n'));
        }
        if (verdict.stopReason() != null) {
            md.append("- **stopped:** ").append(esc(verdict.stopReason())).append('\n');
        }
        md.append('\n');
    }

    private static String name(ScenarioResult scenario) {
        return HtmlScenario.name(scenario);
    }

    private static void steps(StringBuilder md, ScenarioResult scenario) {
        List<StepResult> steps = scenario.steps();
        if (steps.isEmpty()) {
            return;
        }
        List<StepColumns.Column> columns = StepColumns.of(scenario);
        md.append('|');
        columns.forEach(c -> md.append(' ').append(esc(c.header())).append(" |"));
        md.append("\n|");
        columns.forEach(c -> md.append(c.numeric() ? "---:|" : "---|"));
        md.append('\n');
        for (StepResult step : steps) {
            md.append('|');
            columns.forEach(c -> md.append(' ').append(esc(c.cell().apply(step))).append(" |"));
            md.append('\n');
        }
        md.append('\n');
    }

    private static void context(StringBuilder md, ResultDocument result) {
        md.append("## Run\n\n");
        String argv = String.join(" ", result.argv());
        String command = result.command();
        md.append("- command: `").append(code("mqprobe " + (command == null ? "" : command) + (argv.isEmpty() ? "" : " " + argv)))
                .append("`\n");
        ResultDocument.TargetInfo target = result.target().orElse(null);
        List<String> brokers = new ArrayList<>();
        if (target != null && target.brokers() != null) {
            target.brokers().forEach(b -> brokers.add("id " + b.id() + " at " + orDash(b.host()) + ":" + b.port()));
        }
        md.append("- target: ").append(esc(orDash(target == null ? null : target.driver()))).append(" at ")
                .append(esc(orDash(target == null ? null : target.bootstrap())))
                .append(target != null && target.embedded() ? " (embedded)" : "")
                .append(brokers.isEmpty() ? "" : ", brokers " + esc(String.join(", ", brokers))).append('\n');
        Map<String, String> props = target == null ? null : target.clientProperties();
        if (props != null && !props.isEmpty()) {
            md.append("- client properties:\n");
            props.forEach((key, value) -> md.append("  - ").append(esc(key)).append(" = ")
                    .append(esc(SecretRedaction.isSecret(key) ? SecretRedaction.MASK : value)).append('\n'));
        }
        contextPart(md, "environment", result.environment());
        contextPart(md, "ceilings", result.ceilings().orElse(null));
        contextPart(md, "thresholds", result.thresholds().orElse(null));
        md.append("- mqprobe ").append(esc(orDash(result.mqprobeVersion())))
                .append(", schema ").append(esc(orDash(result.schema()))).append('\n');
    }

    /**
     * One line of a context record's known figures. Each prints by the unit its name carries ({@link ContextField}), so
     * the record is walked in its own JSON form, names as written; a figure it does not know is left out.
     */
    private static void contextPart(StringBuilder md, String part, Object record) {
        JsonNode node = record == null ? null : ResultJson.MAPPER.valueToTree(record);
        List<String> fields = new ArrayList<>();
        if (node != null) {
            node.properties().stream().filter(e -> !e.getValue().isNull())
                    .forEach(e -> fields.add(esc(e.getKey()) + " " + esc(ContextField.format(e.getKey(), e.getValue()))));
        }
        if (!fields.isEmpty()) {
            md.append("- ").append(part).append(": ").append(String.join(", ", fields)).append('\n');
        }
    }

    private static void bullets(StringBuilder md, List<String> items) {
        if (!items.isEmpty()) {
            items.forEach(i -> md.append("- ").append(esc(i)).append('\n'));
            md.append('\n');
        }
    }

    private static void fact(List<String> facts, String key, String value) {
        if (value != null) {
            facts.add(esc(key) + " " + esc(value));
        }
    }

    /**
     * Markdown-safe text on one line: HTML is neutralised (Markdown viewers pass raw HTML through) and the
     * characters that make tables, emphasis or links are backslash-escaped.
     */
    static String esc(String text) {
        if (text == null) {
            return HumanUnits.NONE;
        }
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '\r', '\n', '\t' -> out.append(' ');
                case '\\', '|', '*', '_', '`', '[', ']', '#', '!' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Text inside an inline code span: only backticks and line breaks matter there. */
    private static String code(String text) {
        return text.replace('`', '\'').replaceAll("[\\r\\n\\t]", " ");
    }

    private static String orDash(String s) {
        return s == null ? HumanUnits.NONE : s;
    }
}
