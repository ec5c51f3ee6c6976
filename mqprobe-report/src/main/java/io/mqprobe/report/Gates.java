package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks {@link Gate}s against a result document or a {@link Comparison}, and writes the outcome as JUnit XML (one
 * test case per gate) for Jenkins and GitLab. A gate about a figure the run does not have is broken, never passed in
 * silence: a pipeline must not go green on a gate that measured nothing.
 */
public final class Gates {

    /** A gate's outcome and what it was judged on ("replicated-all 34.2 MB/s"). */
    public record Outcome(Gate gate, boolean broken, String detail) {

        /** One line for the terminal. */
        public String line() {
            return "gate " + (broken ? "BROKEN" : "passed") + ": " + gate.text() + " (" + detail + ")";
        }
    }

    private Gates() {
    }

    /** Refuses, before any load, a gate that needs a baseline on a command that has none. */
    public static List<Gate> parseForRun(List<String> expressions) {
        List<Gate> gates = expressions.stream().map(Gate::parse).toList();
        gates.stream().filter(Gate::againstBaseline).findFirst().ifPresent(g -> {
            throw new UsageException("--fail-if '" + g.text() + "' compares with a baseline: use it with mqprobe compare");
        });
        return gates;
    }

    /** Each gate against one result document. */
    public static List<Outcome> check(List<Gate> gates, JsonNode result) {
        return gates.stream().map(g -> check(g, result)).toList();
    }

    /** Gates with {@code drop} or {@code rise} against each later run's change from the first; others against every run. */
    public static List<Outcome> check(List<Gate> gates, Comparison comparison, List<JsonNode> results) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Gate gate : gates) {
            if (!gate.againstBaseline()) {
                List<Outcome> perRun = results.stream().map(r -> check(gate, r)).toList();
                outcomes.add(perRun.stream().filter(Outcome::broken).findFirst().orElse(perRun.get(0)));
                continue;
            }
            outcomes.add(checkChange(gate, comparison));
        }
        return outcomes;
    }

    private static Outcome checkChange(Gate gate, Comparison comparison) {
        String figure = comparisonFigure(gate.figure());
        List<String> offenders = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (Comparison.Row row : comparison.rows()) {
            if (!row.figure().equals(figure) || gate.scenario() != null && !gate.scenario().equals(row.scenario())) {
                continue;
            }
            for (int run = 1; run < row.values().size(); run++) {
                Double delta = row.values().get(run).deltaPct();
                if (delta == null) {
                    continue;
                }
                double moved = gate.change().equals("drop") ? -delta : delta;
                String reading = row.scenario() + " run " + (run + 1) + " " + String.format(Locale.ROOT, "%+.1f %%", delta);
                seen.add(reading);
                if (gate.holds(moved)) {
                    offenders.add(reading);
                }
            }
        }
        if (seen.isEmpty()) {
            return new Outcome(gate, true, "no run has a " + figure + " to compare");
        }
        return new Outcome(gate, !offenders.isEmpty(), String.join(", ", offenders.isEmpty() ? seen : offenders));
    }

    private static Outcome check(Gate gate, JsonNode result) {
        List<String> offenders = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (JsonNode scenario : result.path("scenarios")) {
            String name = scenario.path("name").asText();
            if (gate.scenario() != null && !gate.scenario().equals(name)) {
                continue;
            }
            JsonNode value = value(gate.figure(), scenario);
            if (value == null) {
                continue;
            }
            if (!value.isNumber()) {
                offenders.add(name + " has no " + gate.figure().name().toLowerCase(Locale.ROOT));
                continue;
            }
            String reading = name + " " + format(gate.figure(), value.asDouble());
            seen.add(reading);
            if (gate.holds(value.asDouble())) {
                offenders.add(reading);
            }
        }
        if (seen.isEmpty() && offenders.isEmpty()) {
            return new Outcome(gate, true, "the run has no " + gate.figure().name().toLowerCase(Locale.ROOT)
                    + (gate.scenario() == null ? "" : " in scenario " + gate.scenario()));
        }
        return new Outcome(gate, !offenders.isEmpty(), String.join(", ", offenders.isEmpty() ? seen : offenders));
    }

    /**
     * The figure in a scenario: a number, a missing node when the scenario should have it and does not (a probe
     * without a sustainable load), or {@code null} when the figure is not of this kind of run.
     */
    private static JsonNode value(Gate.Figure figure, JsonNode scenario) {
        JsonNode verdict = scenario.path("verdict");
        boolean probe = ResultReader.hasProbeVerdict(scenario);
        JsonNode step = scenario.path("steps").path(0);
        return switch (figure) {
            case CEILING -> probe ? verdict.path("ceiling").path("bytesPerSecond") : null;
            case KNEE -> probe && verdict.path("knee").isObject() ? verdict.path("knee").path("bytesPerSecond") : null;
            case SUSTAINABLE -> probe ? verdict.path("sustainable").path("bytesPerSecond") : null;
            case THROUGHPUT -> probe || !step.isObject() ? null : step.path("bytesPerSecond");
            case P99 -> probe ? sustainableStep(scenario, verdict).path("latencyUs").path("p99")
                    : step.isObject() ? step.path("latencyUs").path("p99") : null;
            case ERRORS -> probe || !step.isObject() ? null : errors(step);
            case LOST -> step.path("consumed").isObject() ? step.path("consumed").path("lost") : null;
            case DUPLICATES -> step.path("consumed").isObject() ? step.path("consumed").path("duplicates") : null;
        };
    }

    private static JsonNode sustainableStep(JsonNode scenario, JsonNode verdict) {
        int index = verdict.path("sustainable").path("step").asInt(-1);
        for (JsonNode step : scenario.path("steps")) {
            if (step.path("index").asInt() == index) {
                return step;
            }
        }
        return MissingNode.getInstance();
    }

    private static JsonNode errors(JsonNode step) {
        long total = 0;
        for (JsonNode count : step.path("errors")) {
            total += count.asLong();
        }
        return LongNode.valueOf(total);
    }

    private static String comparisonFigure(Gate.Figure figure) {
        return switch (figure) {
            case P99 -> "p99 of seconds";
            default -> figure.name().toLowerCase(Locale.ROOT);
        };
    }

    private static String format(Gate.Figure figure, double value) {
        if (figure.rate()) {
            return HumanUnits.mbPerSecond(value);
        }
        return figure == Gate.Figure.P99 ? HumanUnits.latencyUs(value) : String.format(Locale.ROOT, "%.0f", value);
    }

    /** The gates as a JUnit XML test suite: one test case per gate, a failure for each broken one. */
    public static String junitXml(String suite, List<Outcome> outcomes) {
        long failures = outcomes.stream().filter(Outcome::broken).count();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite name=\"").append(escape(suite)).append("\" tests=\"").append(outcomes.size())
                .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"0\">\n");
        for (Outcome outcome : outcomes) {
            xml.append("  <testcase classname=\"mqprobe.gates\" name=\"").append(escape(outcome.gate().text())).append('"');
            if (outcome.broken()) {
                xml.append(">\n    <failure message=\"").append(escape(outcome.detail())).append("\" type=\"gate\"/>\n  </testcase>\n");
            } else {
                xml.append("/>\n");
            }
        }
        return xml.append("</testsuite>\n").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
