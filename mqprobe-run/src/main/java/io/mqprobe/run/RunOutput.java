package io.mqprobe.run;

import io.mqprobe.report.ReportWriter;
import io.mqprobe.report.TerminalSummary;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultFile;
import io.mqprobe.result.ResultReading;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The run directory of one command: {@code result.json} rewritten after every step and every few seconds while the run
 * goes on (so a crash leaves a valid partial document), then {@code report.html}, {@code report.md} and the terminal
 * summary at the end.
 */
public final class RunOutput implements AutoCloseable {

    /** The periodic rewrite's shortest interval. */
    private static final long WRITE_EVERY_MS = 5_000;
    /**
     * The periodic rewrite waits at least this many times as long as the last write took. It serializes the whole
     * document, which grows by the second (14 MB by the end of a default probe), on mqprobe's own CPU quota, which the
     * load shares: rewritten every 5 s whatever its size, it took 17-18 % of the load generator's sampled CPU in the last
     * two scenarios of a default probe, in bursts that hold the send threads. A small document is still written every 5 s.
     */
    private static final long WRITE_COST_FACTOR = 100;
    private static final DateTimeFormatter DIR_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final ResultFile file;
    private final Path reportDir;
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mqprobe-result-writer");
        t.setDaemon(true);
        return t;
    });

    private RunOutput(ResultFile file, Path reportDir) {
        this.file = file;
        this.reportDir = reportDir;
    }

    /**
     * @param outDir   run directory, or {@code null} for {@code mqprobe-runs/<time>-<command>}
     * @param jsonFile where to write the result document instead of {@code <outDir>/result.json}, or {@code null}
     */
    public static RunOutput create(String command, List<String> argv, Path outDir, Path jsonFile) {
        Path dir = outDir != null ? outDir
                : Path.of("mqprobe-runs", LocalDateTime.now().format(DIR_STAMP) + "-" + command);
        Path json = jsonFile != null ? jsonFile : dir.resolve("result.json");
        RunOutput output = new RunOutput(new ResultFile(json, new ResultDocument(command, argv)), dir);
        output.file.write();
        output.writer.schedule(output::writePeriodically, WRITE_EVERY_MS, TimeUnit.MILLISECONDS);
        return output;
    }

    public ResultDocument document() {
        return file.document();
    }

    /** The run directory (reports, the config journal). */
    public Path runDir() {
        return reportDir;
    }

    public Path resultPath() {
        return file.path();
    }

    /** Writes the document now (after each step). */
    public void save() {
        file.write();
    }

    /**
     * Marks the document finished, writes it and the reports, and prints the terminal summary to {@code out}.
     *
     * @return the HTML report, or {@code null} when it could not be rendered (the JSON is still there)
     */
    public Path finish(boolean interrupted, String failure, PrintWriter out, Progress progress) {
        writer.shutdownNow();
        document().finish(interrupted, failure);
        file.write();
        Path html = null;
        try {
            html = ReportWriter.write(file.path(), reportDir);
            // what `mqprobe report` would print: the file as written (its figures rounded), read back as its records
            out.print(TerminalSummary.render(ResultReading.read(file.path()), TerminalSummary.colorByDefault()));
            out.flush();
        } catch (IOException | RuntimeException e) {
            progress.line("mqprobe: could not render the report (" + e.getMessage() + "); the result is in " + file.path());
        }
        progress.line("result: " + file.path());
        if (html != null) {
            progress.line("report: " + html.toAbsolutePath());
        }
        return html;
    }

    private void writePeriodically() {
        long startNs = System.nanoTime();
        try {
            file.write();
        } catch (RuntimeException e) {
            // the next write or the final one reports a lasting problem; a periodic write must not kill the run
        }
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
        try {
            writer.schedule(this::writePeriodically, Math.max(WRITE_EVERY_MS, WRITE_COST_FACTOR * tookMs), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // finished or closed meanwhile: the final write is the run's own
        }
    }

    @Override
    public void close() {
        writer.shutdownNow();
    }
}
