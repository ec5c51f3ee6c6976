package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.report.Gate;
import io.mqprobe.report.Gates;
import io.mqprobe.run.GatePlan;
import picocli.CommandLine.Option;

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
    public GatePlan conclude() {
        requireGatesForJunit();
        return new GatePlan(Gates.parseForRun(expressions), junitFile);
    }

    /** The gates of {@code compare}, where {@code drop} and {@code rise} have the first run as their baseline. */
    public GatePlan concludeForComparison() {
        requireGatesForJunit();
        return new GatePlan(expressions.stream().map(Gate::parse).toList(), junitFile);
    }

    private void requireGatesForJunit() {
        if (junitFile != null && expressions.isEmpty()) {
            throw new UsageException("--junit writes the --fail-if gates: give at least one --fail-if");
        }
    }
}
