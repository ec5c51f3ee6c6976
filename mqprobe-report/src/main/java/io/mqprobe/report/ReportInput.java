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
 * What the reports of one run are rendered from: its result, and the plan {@code mqprobe plan} wrote beside it.
 *
 * @param result the result document as the records that wrote it
 * @param plan   plan.json as its tree, or null without one. Not a record: the plan's type lives in mqprobe-plan, which
 *               sits above this module (it reads results through it), so the report can only take the plan as written
 */
public record ReportInput(ResultDocument result, JsonNode plan) {

    /** A result without a plan. */
    public ReportInput(ResultDocument result) {
        this(result, null);
    }

    /**
     * A result file as its reports show it: the document, with the plan {@code mqprobe plan} wrote beside it
     * ({@code plan.json}), if there is one.
     *
     * @throws UsageException as {@link ResultReading#read}, and when a plan.json beside it is not JSON
     */
    public static ReportInput read(Path resultJson) {
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
}
