package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;

/**
 * TRANSITIONAL, to be deleted when no renderer reads the tree: crossings between a renderer that already reads the
 * result's records and one that still reads its JSON tree, so each class moves over on its own.
 */
final class Typed {

    private Typed() {
    }

    static ResultDocument document(JsonNode result) {
        return ResultReading.document(result, "the result");
    }

    static ScenarioResult scenario(JsonNode scenario) {
        return ResultReading.as(scenario, ScenarioResult.class);
    }

    static StepResult step(JsonNode step) {
        return ResultReading.as(step, StepResult.class);
    }

    static Verdict verdict(JsonNode verdict) {
        return ResultReading.as(verdict, Verdict.class);
    }

    /** A record (or the whole document) as the tree the unconverted renderers read. */
    static JsonNode tree(Object record) {
        return record instanceof ResultDocument doc ? readTree(doc.toJson()) : ResultJson.MAPPER.valueToTree(record);
    }

    private static JsonNode readTree(byte[] json) {
        try {
            return ResultJson.MAPPER.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
