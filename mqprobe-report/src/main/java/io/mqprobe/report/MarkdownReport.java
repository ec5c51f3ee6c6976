package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.SecretRedaction;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report as GitHub-flavoured Markdown, for pasting into tickets and reviews: status, summary table,
 * per-scenario verdict and step table, and the run's context. No charts; the HTML report has them.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(JsonNode result) {
        StringBuilder md = new StringBuilder("# ").append(esc(HtmlReport.title(Typed.document(result)))).append("\n\n");
        RunStatus status = RunStatus.of(result);
        List<String> meta = new ArrayList<>();
        meta.add("**Status: " + esc(status.line()) + "**");
        String started = Fields.text(result, "startedAt");
        if (started != null) {
            meta.add("started " + esc(started));
        }
        Duration elapsed = RunStatus.elapsed(result);
        if (elapsed != null) {
            meta.add("took " + HumanUnits.durationMs((double) elapsed.toMillis()));
        }
        md.append(String.join(" · ", meta)).append("\n\n");
        summary(md, result, status);
        for (JsonNode scenario : Fields.objects(result, "scenarios")) {
            scenario(md, scenario, status.complete());
        }
        context(md, result);
        return md.toString();
    }

    private static void summary(StringBuilder md, JsonNode result, RunStatus status) {
        md.append("## Summary\n\n");
        String headline = Headline.of(result);
        if (headline != null) {
            md.append("**").append(esc(headline)).append("**\n\n");
        }
        JsonNode summary = Fields.object(result, "summary");
        bullets(md, Fields.texts(summary, "lines"));
        SummaryTable.of(summary).ifPresent(t -> md.append(t.markdown()));
        if (Fields.flag(summary, "clientLimited")) {
            md.append("> **Warning:** ").append(esc(Headline.CLIENT_LIMITED)).append("\n\n");
        }
        List<JsonNode> scenarios = Fields.objects(result, "scenarios");
        if (InstanceSizeSection.present(result)) {
            InstanceSizeSection.markdown(md, result);
        } else if (scenarios.isEmpty()) {
            md.append(status.complete() ? "No scenarios ran.\n\n" : "No scenario has finished a step yet.\n\n");
        } else if (scenarios.stream().noneMatch(s -> Fields.probeVerdict(s) != null)) {
            md.append("| scenario | result |\n|---|---|\n");
            scenarios.forEach(s -> md.append("| ").append(esc(HtmlScenario.name(Typed.scenario(s)))).append(" | ")
                    .append(esc(VerdictText.withoutVerdict(s, status.complete()))).append(" |\n"));
            md.append('\n');
        } else {
            md.append("| scenario | ceiling | knee | sustainable | bottleneck |\n|---|---|---|---|---|\n");
            for (JsonNode s : scenarios) {
                JsonNode verdict = Fields.probeVerdict(s);
                md.append("| ").append(esc(HtmlScenario.name(Typed.scenario(s)))).append(" | ");
                if (verdict == null) {
                    md.append(esc(VerdictText.withoutVerdict(s, status.complete()))).append(" | | | |\n");
                    continue;
                }
                JsonNode sustainable = Fields.object(verdict, "sustainable");
                String limitedBy = Fields.text(sustainable, "limitedBy");
                md.append(esc(VerdictText.point(s, Fields.object(verdict, "ceiling")))).append(" | ")
                        .append(esc(VerdictText.point(s, Fields.object(verdict, "knee")))).append(" | ")
                        .append(esc(VerdictText.point(s, sustainable)))
                        .append(limitedBy == null ? "" : " (limited by " + esc(limitedBy) + ")").append(" | ")
                        .append(esc(VerdictText.bottleneckHeadline(verdict))).append(" |\n");
            }
            md.append('\n');
        }
        List<String> notes = Fields.texts(summary, "notes");
        if (!notes.isEmpty()) {
            md.append("Notes:\n\n");
            bullets(md, notes);
        }
        List<String> inconsistent = Fields.texts(summary, "consistency");
        if (!inconsistent.isEmpty()) {
            md.append("Inconsistent figures (scenarios that contradict each other beyond their intervals):\n\n");
            bullets(md, inconsistent);
        }
    }

    private static void scenario(StringBuilder md, JsonNode scenario, boolean runComplete) {
        md.append("## Scenario: ").append(esc(HtmlScenario.name(Typed.scenario(scenario)))).append("\n\n");
        String description = Fields.text(scenario, "description");
        if (description != null) {
            md.append(esc(description)).append("\n\n");
        }
        JsonNode topic = Fields.object(scenario, "topic");
        JsonNode producer = Fields.object(scenario, "producer");
        List<String> facts = new ArrayList<>();
        fact(facts, "topic", Fields.text(topic, "name"));
        fact(facts, "partitions", Fields.text(topic, "partitions"));
        fact(facts, "RF", Fields.text(topic, "replicationFactor"));
        fact(facts, "placement", Fields.text(topic, "placement"));
        fact(facts, "acks", Fields.text(producer, "acks"));
        Double size = Fields.number(producer, "recordSizeBytes");
        fact(facts, "record", size == null ? null : MetricUnit.BYTES.format(size));
        JsonNode props = Fields.object(producer, "properties");
        if (props != null) {
            props.properties().forEach(e -> fact(facts, e.getKey(),
                    SecretRedaction.isSecret(e.getKey()) ? SecretRedaction.MASK : e.getValue().asText()));
        }
        if (!facts.isEmpty()) {
            md.append(String.join(" · ", facts)).append("\n\n");
        }
        String skipped = Fields.text(scenario, "skipped");
        if (skipped != null) {
            md.append("Skipped: ").append(esc(skipped)).append("\n\n");
            return;
        }
        JsonNode anyVerdict = Fields.object(scenario, "verdict");
        VerdictSection.of(scenario).ifPresent(section -> section.line(scenario, anyVerdict).ifPresent(line -> md
                .append(section.kind().substring(0, 1).toUpperCase(Locale.ROOT)).append(section.kind().substring(1))
                .append(": ").append(esc(line)).append("\n\n")));
        BreakdownSection.line(Typed.scenario(scenario)).ifPresent(line -> md.append("Latency breakdown, ").append(esc(line)).append("\n\n"));
        JsonNode verdict = Fields.probeVerdict(scenario);
        if (verdict == null) {
            md.append(esc(VerdictText.withoutVerdict(scenario, runComplete))).append("\n\n");
        } else {
            verdict(md, scenario, verdict);
        }
        steps(md, scenario);
    }

    private static void verdict(StringBuilder md, JsonNode scenario, JsonNode verdict) {
        md.append("- **ceiling:** ").append(esc(VerdictText.point(scenario, Fields.object(verdict, "ceiling")))).append('\n');
        md.append("- **knee:** ").append(esc(VerdictText.point(scenario, Fields.object(verdict, "knee")))).append('\n');
        JsonNode sustainable = Fields.object(verdict, "sustainable");
        String limitedBy = Fields.text(sustainable, "limitedBy");
        md.append("- **sustainable:** ").append(esc(VerdictText.point(scenario, sustainable)))
                .append(limitedBy == null ? "" : " — limited by " + esc(limitedBy)).append('\n');
        JsonNode bottleneck = Fields.object(verdict, "bottleneck");
        if (bottleneck != null) {
            md.append("- **bottleneck:** ").append(esc(VerdictText.bottleneckHeadline(verdict))).append('\n');
            String detail = VerdictText.bottleneckDetail(verdict);
            if (detail != null) {
                md.append("  - ").append(esc(detail)).append('\n');
            }
            Fields.texts(bottleneck, "evidence").forEach(e -> md.append("  - ").append(esc(e)).append('\n'));
        }
        String stop = Fields.text(verdict, "stopReason");
        if (stop != null) {
            md.append("- **stopped:** ").append(esc(stop)).append('\n');
        }
        md.append('\n');
    }

    private static void steps(StringBuilder md, JsonNode scenario) {
        List<JsonNode> steps = Fields.objects(scenario, "steps");
        if (steps.isEmpty()) {
            return;
        }
        List<StepColumns.Column> columns = StepColumns.of(scenario);
        md.append('|');
        columns.forEach(c -> md.append(' ').append(esc(c.header())).append(" |"));
        md.append("\n|");
        columns.forEach(c -> md.append(c.numeric() ? "---:|" : "---|"));
        md.append('\n');
        for (JsonNode step : steps) {
            md.append('|');
            columns.forEach(c -> md.append(' ').append(esc(c.cell().apply(step))).append(" |"));
            md.append('\n');
        }
        md.append('\n');
    }

    private static void context(StringBuilder md, JsonNode result) {
        md.append("## Run\n\n");
        String argv = String.join(" ", Fields.texts(result, "argv"));
        String command = Fields.text(result, "command");
        md.append("- command: `").append(code("mqprobe " + (command == null ? "" : command) + (argv.isEmpty() ? "" : " " + argv)))
                .append("`\n");
        JsonNode target = Fields.object(result, "target");
        List<String> brokers = new ArrayList<>();
        for (JsonNode b : Fields.objects(target, "brokers")) {
            brokers.add("id " + orDash(Fields.text(b, "id")) + " at " + orDash(Fields.text(b, "host")) + ":" + orDash(Fields.text(b, "port")));
        }
        md.append("- target: ").append(esc(orDash(Fields.text(target, "driver")))).append(" at ")
                .append(esc(orDash(Fields.text(target, "bootstrap"))))
                .append(Fields.flag(target, "embedded") ? " (embedded)" : "")
                .append(brokers.isEmpty() ? "" : ", brokers " + esc(String.join(", ", brokers))).append('\n');
        JsonNode props = Fields.object(target, "clientProperties");
        if (props != null && !props.isEmpty()) {
            md.append("- client properties:\n");
            props.properties().forEach(e -> md.append("  - ").append(esc(e.getKey())).append(" = ")
                    .append(esc(SecretRedaction.isSecret(e.getKey()) ? SecretRedaction.MASK : e.getValue().asText())).append('\n'));
        }
        for (String part : List.of("environment", "ceilings", "thresholds")) {
            JsonNode node = Fields.object(result, part);
            if (node != null && !node.isEmpty()) {
                List<String> fields = new ArrayList<>();
                node.properties().forEach(e -> fields.add(esc(e.getKey()) + " " + esc(ContextField.format(e.getKey(), e.getValue()))));
                md.append("- ").append(part).append(": ").append(String.join(", ", fields)).append('\n');
            }
        }
        md.append("- mqprobe ").append(esc(orDash(Fields.text(result, "mqprobeVersion"))))
                .append(", schema ").append(esc(orDash(Fields.text(result, "schema")))).append('\n');
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
