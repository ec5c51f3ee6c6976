package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;

/** Result trees the tests make by hand (or load and change), read as the records, as {@code mqprobe report} reads a file. */
final class Typed {

    private Typed() {
    }

    static ResultDocument document(JsonNode result) {
        return ResultReading.document(result, "the result");
    }

    static StepResult step(JsonNode step) {
        return ResultReading.as(step, StepResult.class);
    }

    static Verdict verdict(JsonNode verdict) {
        return ResultReading.as(verdict, Verdict.class);
    }
}
