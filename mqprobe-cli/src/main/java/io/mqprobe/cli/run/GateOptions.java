package io.mqprobe.cli.run;

import io.mqprobe.api.UsageException;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.ExitCode;
import io.mqprobe.report.Comparison;
import io.mqprobe.report.Gate;
import io.mqprobe.report.Gates;
import io.mqprobe.report.ResultReader;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Pass/fail gates for pipelines: {@code --fail-if} conditions on the finished result, and their JUnit XML (picocli mixin). */
public final class GateOptions {

    @Option(names = "--fail-if", paramLabel = "EXPR",
            description = "Exit 1 when EXPR holds for the result, e.g. 'sustainable < 40MB/s', 'p99 > 200ms', 'lost > 0', "
                    + "'ceiling[replicated-all] < 100MB/s' (repeatable; see docs/gates.md).")
    List<String> expressions = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "FILE", description = "Write the gates as JUnit XML to FILE (one test case per gate).")
    Path junitFile;

    /** The gates, checked before any load (a bad expression or a gate that needs a baseline is bad input). */
    public List<Gate> conclude() {
        requireGatesForJunit();
        return Gates.parseForRun(expressions);
    }

    /** The gates of {@code compare}, where {@code drop} and {@code rise} have the first run as their baseline. */
    public List<Gate> concludeForComparison() {
        requireGatesForJunit();
        return expressions.stream().map(Gate::parse).toList();
    }

    private void requireGatesForJunit() {
        if (junitFile != null && expressions.isEmpty()) {
            throw new UsageException("--junit writes the --fail-if gates: give at least one --fail-if");
        }
    }

    /**
     * Checks the gates against the written result, one line each on {@code out}, and the JUnit file when asked.
     *
     * @return {@code code}, or {@link ExitCode#RUN_FAILED} when the run was fine but broke a gate
     */
    public int apply(List<Gate> gates, Path resultJson, int code, PrintWriter out) {
        if (gates.isEmpty()) {
            return code;
        }
        List<Gates.Outcome> outcomes = Gates.check(gates, ResultReader.read(resultJson));
        return report(outcomes, junitFile, code, out);
    }

    /** As {@link #apply}, for the runs of a comparison. */
    public int apply(List<Gate> gates, Comparison comparison, List<JsonNode> results, int code, PrintWriter out) {
        return gates.isEmpty() ? code : report(Gates.check(gates, comparison, results), junitFile, code, out);
    }

    /** Prints each outcome, writes the JUnit file when asked, and turns an OK exit into 1 when a gate broke. */
    private static int report(List<Gates.Outcome> outcomes, Path junitFile, int code, PrintWriter out) {
        outcomes.forEach(o -> out.println(o.line()));
        out.flush();
        if (junitFile != null) {
            try {
                Files.writeString(junitFile, Gates.junitXml("mqprobe gates", outcomes));
            } catch (IOException e) {
                throw new UsageException("cannot write --junit " + junitFile + ": " + e.getMessage());
            }
        }
        boolean broken = outcomes.stream().anyMatch(Gates.Outcome::broken);
        return broken && code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
    }
}
