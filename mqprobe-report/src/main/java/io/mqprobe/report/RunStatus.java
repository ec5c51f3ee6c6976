package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Whether a run finished, was interrupted, failed or is still partial, with the line every report shows. */
record RunStatus(Kind kind, String reason) {

    enum Kind { COMPLETE, INTERRUPTED, FAILED, INCOMPLETE }

    static RunStatus of(JsonNode result) {
        String failure = Fields.text(result, "failure");
        if (failure != null) {
            return new RunStatus(Kind.FAILED, failure);
        }
        if (Fields.flag(result, "complete")) {
            return new RunStatus(Kind.COMPLETE, null);
        }
        if (Fields.flag(result, "interrupted")) {
            return new RunStatus(Kind.INTERRUPTED, "interrupted");
        }
        return new RunStatus(Kind.INCOMPLETE, "the run is still going or stopped before it finished");
    }

    /** {@code complete}, {@code INCOMPLETE — interrupted}, {@code FAILED — <reason>}. */
    String line() {
        return switch (kind) {
            case COMPLETE -> "complete";
            case INTERRUPTED -> "INCOMPLETE — interrupted";
            case FAILED -> "FAILED — " + reason;
            case INCOMPLETE -> "INCOMPLETE — " + reason;
        };
    }

    boolean complete() {
        return kind == Kind.COMPLETE;
    }

    /** Wall time from {@code startedAt} to {@code finishedAt}, or null when either is missing. */
    static Duration elapsed(JsonNode result) {
        Instant start = instant(Fields.text(result, "startedAt"));
        Instant end = instant(Fields.text(result, "finishedAt"));
        return start == null || end == null || end.isBefore(start) ? null : Duration.between(start, end);
    }

    static Instant instant(String iso) {
        if (iso == null) {
            return null;
        }
        try {
            return Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
