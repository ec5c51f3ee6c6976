package io.mqprobe.cli.report;

import io.mqprobe.api.UsageException;
import io.mqprobe.report.ReportFormat;
import io.mqprobe.report.ReportFormats;
import io.mqprobe.report.ReportInput;
import io.mqprobe.report.ReportWriter;
import io.mqprobe.report.TerminalSummary;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code mqprobe report RESULT.json [--out DIR] [--format F,...]}: re-renders the reports (report.html and report.md) of a result document. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        description = {"Render report.html and report.md from a result.json (also a partial one from an interrupted run)"
                + " and print the run's summary."})
public final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULT.json", description = "The result document a probe, produce, consume or e2e run wrote.")
    Path resultJson;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the reports (created if missing; default: next to RESULT.json).")
    Path outDir;

    @Option(names = "--format", paramLabel = "FORMAT", split = ",", defaultValue = "html,markdown",
            description = "Report formats to write, comma-separated: html, markdown, or one a module adds (default: ${DEFAULT-VALUE}).")
    List<String> formats;

    @Override
    public Integer call() {
        List<ReportFormat> chosen = ReportFormats.parse(formats);
        ReportInput input = ReportInput.read(resultJson);
        Path dir = outDir != null ? outDir : resultJson.toAbsolutePath().getParent();
        List<Path> written;
        try {
            written = ReportWriter.write(input, dir, chosen);
        } catch (IOException e) {
            throw new UsageException("cannot write the report to " + dir + ": " + reason(e));
        }
        PrintWriter out = spec.commandLine().getOut();
        for (int i = 0; i < chosen.size(); i++) {
            out.printf(Locale.ROOT, "%-9s %s%n", chosen.get(i).label() + ":", written.get(i));
        }
        out.println();
        out.print(TerminalSummary.render(input.result(), TerminalSummary.colorByDefault()));
        out.flush();
        return 0;
    }

    private static String reason(IOException e) {
        // java.nio puts only the path in these messages; say what went wrong instead
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way (" + e.getMessage() + ")";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied (" + e.getMessage() + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
