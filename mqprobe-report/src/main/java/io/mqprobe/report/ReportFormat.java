package io.mqprobe.report;

/**
 * One way to write a result for people or tools: a file beside result.json rendered from it. HTML and Markdown are
 * built in ({@link ReportFormats}); a module adds one by registering it with {@link java.util.ServiceLoader}, and
 * {@code --format} picks among them.
 */
public interface ReportFormat {

    /** What {@code --format} calls it, e.g. {@code markdown}. */
    String id();

    /** The file it writes into the report directory, e.g. {@code report.md}. */
    String fileName();

    /** What the line naming the written file starts with ({@code report: …}); the id unless the format says otherwise. */
    default String label() {
        return id();
    }

    /** The file's content for a run's result (any schema version {@link io.mqprobe.result.ResultReading} accepts) and its plan. */
    String render(ReportInput input);
}
