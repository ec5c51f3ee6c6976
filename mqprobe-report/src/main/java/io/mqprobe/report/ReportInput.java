package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.result.ResultDocument;

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
}
