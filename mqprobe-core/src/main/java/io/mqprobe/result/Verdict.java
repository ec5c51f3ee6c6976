package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * How one scenario of an experiment was judged; one record per experiment kind, written to the result document with
 * its {@code kind} (the record's {@code @JsonTypeName}) so a reader knows the shape without guessing. Open: a new kind
 * brings its record and names it in a {@link VerdictTypes} service, and nothing in core changes.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public interface Verdict {

    /** True when the scenario passed its experiment's bar (a single run delivered, a probe measured a ceiling). */
    boolean passed();
}
