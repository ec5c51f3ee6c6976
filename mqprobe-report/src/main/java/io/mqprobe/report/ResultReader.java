package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a result file ({@code docs/result-schema.md}) as a JSON tree for the renderers not yet reading the records
 * ({@link ResultReading#read}), which ignore fields they do not know. Checked and upgraded as the typed read is:
 * anything that is not such a document is the user's mistake, {@link UsageException}.
 */
public final class ResultReader {

    private ResultReader() {
    }

    /** @throws UsageException when the file is missing, unreadable, not JSON or not a result document */
    public static JsonNode read(Path resultJson) {
        return ResultReading.tree(resultJson);
    }

    /**
     * A result as its reports show it: the document, with the plan {@code mqprobe plan} wrote beside it
     * ({@code plan.json}), if there is one.
     *
     * @throws UsageException as {@link #read}, and when a plan.json beside it is not JSON
     */
    public static ReportInput readForReport(Path resultJson) {
        ResultDocument result = ResultReading.read(resultJson);
        Path plan = resultJson.toAbsolutePath().resolveSibling(PlanSection.FILE);
        if (!Files.isRegularFile(plan)) {
            return new ReportInput(result);
        }
        try (InputStream in = Files.newInputStream(plan)) {
            return new ReportInput(result, ResultJson.MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UsageException("cannot read the plan beside the result, " + plan + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replaceAll("\\s+", " ")));
        }
    }

    /** Whether a scenario's verdict is a probe's (v1 verdicts, which carried only their figures, are given their kind on reading). */
    public static boolean hasProbeVerdict(JsonNode scenario) {
        return scenario.path("verdict").has("ceiling");
    }
}
