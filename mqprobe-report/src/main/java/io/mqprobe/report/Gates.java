package io.mqprobe.report;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.ScenarioVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

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

    /** A figure the run should have and does not: the gate is broken, never passed in silence. */
    private static final double ABSENT = Double.NaN;

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
    public static List<Outcome> check(List<Gate> gates, ResultDocument result) {
        return gates.stream().map(g -> check(g, result)).toList();
    }

    /** Gates with {@code drop} or {@code rise} against each later run's change from the first; others against every run. */
    public static List<Outcome> check(List<Gate> gates, Comparison comparison, List<ResultDocument> results) {
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

    private static Outcome check(Gate gate, ResultDocument result) {
        List<String> offenders = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (ScenarioResult scenario : result.scenarios()) {
            String name = Objects.requireNonNullElse(scenario.name(), "");
            if (gate.scenario() != null && !gate.scenario().equals(name)) {
                continue;
            }
            Double value = value(gate.figure(), scenario);
            if (value == null) {
                continue;
            }
            if (value.isNaN()) {
                offenders.add(name + " has no " + gate.figure().name().toLowerCase(Locale.ROOT));
                continue;
            }
            String reading = name + " " + format(gate.figure(), value);
            seen.add(reading);
            if (gate.holds(value)) {
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
     * The figure in a scenario: a number, {@link #ABSENT} when the scenario should have it and does not (a probe
     * without a sustainable load), or {@code null} when the figure is not of this kind of run.
     */
    private static Double value(Gate.Figure figure, ScenarioResult scenario) {
        ScenarioVerdict probe = scenario.probeFindings();
        StepResult step = scenario.steps().isEmpty() ? null : scenario.steps().get(0);
        StepResult.Consumed consumed = step == null ? null : step.consumed();
        return switch (figure) {
            case CEILING -> probe == null ? null : probe.ceiling() == null ? ABSENT : probe.ceiling().bytesPerSecond();
            case KNEE -> probe == null || probe.knee() == null ? null : probe.knee().bytesPerSecond();
            case SUSTAINABLE -> probe == null ? null : probe.sustainable() == null ? ABSENT : probe.sustainable().bytesPerSecond();
            case THROUGHPUT -> probe != null || step == null ? null : step.bytesPerSecond();
            case P99 -> probe != null ? p99(sustainableStep(scenario, probe)) : step == null ? null : p99(step);
            case ERRORS -> probe != null || step == null ? null : errors(step);
            case LOST -> consumed == null ? null : (double) consumed.lost();
            case DUPLICATES -> consumed == null ? null : (double) consumed.duplicates();
        };
    }

    private static StepResult sustainableStep(ScenarioResult scenario, ScenarioVerdict probe) {
        int index = probe.sustainable() == null ? -1 : probe.sustainable().step();
        return scenario.steps().stream().filter(step -> step.index() == index).findFirst().orElse(null);
    }

    private static Double p99(StepResult step) {
        return step == null || step.latencyUs() == null ? ABSENT : step.latencyUs().p99();
    }

    private static double errors(StepResult step) {
        return step.errors() == null ? 0 : step.errors().values().stream().mapToLong(count -> count == null ? 0 : count).sum();
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
