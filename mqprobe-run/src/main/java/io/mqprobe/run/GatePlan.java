package io.mqprobe.run;

import io.mqprobe.api.UsageException;
import io.mqprobe.report.Comparison;
import io.mqprobe.report.Gate;
import io.mqprobe.report.Gates;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code --fail-if} gates as the command concluded them, and where their JUnit XML goes.
 *
 * @param gates     the gates, parsed
 * @param junitFile the JUnit XML file, or {@code null}
 */
public record GatePlan(List<Gate> gates, Path junitFile) {

    public GatePlan {
        gates = List.copyOf(gates);
    }

    /**
     * Checks the gates against the written result, one line each on {@code out}, and the JUnit file when asked.
     *
     * @return {@code code}, or {@link ExitCode#RUN_FAILED} when the run was fine but broke a gate
     */
    public int apply(Path resultJson, int code, PrintWriter out) {
        if (gates.isEmpty()) {
            return code;
        }
        List<Gates.Outcome> outcomes = Gates.check(gates, ResultReading.read(resultJson));
        return report(outcomes, code, out);
    }

    /** As {@link #apply(Path, int, PrintWriter)}, for the runs of a comparison. */
    public int apply(Comparison comparison, List<ResultDocument> results, int code, PrintWriter out) {
        return gates.isEmpty() ? code : report(Gates.check(gates, comparison, results), code, out);
    }

    /** Prints each outcome, writes the JUnit file when asked, and turns an OK exit into 1 when a gate broke. */
    private int report(List<Gates.Outcome> outcomes, int code, PrintWriter out) {
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
