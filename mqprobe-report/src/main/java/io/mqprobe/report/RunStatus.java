package io.mqprobe.report;

import io.mqprobe.result.ResultDocument;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Whether a run finished, was interrupted, failed or is still partial, with the line every report shows. */
record RunStatus(Kind kind, String reason) {

    enum Kind { COMPLETE, INTERRUPTED, FAILED, INCOMPLETE }

    static RunStatus of(ResultDocument result) {
        if (result.failure().isPresent()) {
            return new RunStatus(Kind.FAILED, result.failure().get());
        }
        if (result.complete()) {
            return new RunStatus(Kind.COMPLETE, null);
        }
        if (result.interrupted()) {
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
    static Duration elapsed(ResultDocument result) {
        Instant start = instant(result.startedAt());
        Instant end = instant(result.finishedAt().orElse(null));
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
