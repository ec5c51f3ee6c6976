package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * How one scenario of an experiment was judged; one record per experiment kind, written to the result document with
 * its {@code kind} (the record's {@code @JsonTypeName}) so a reader knows the shape without guessing. Open: a new kind
 * brings its record and names it in a {@link VerdictTypes} service, and nothing in core changes.
 */
// a verdict without a kind (a hand-made file) reads as none, as one of a kind no module here brings
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind", defaultImpl = Void.class)
public interface Verdict {

    /** True when the scenario passed its experiment's bar (a single run delivered, a probe measured a ceiling). */
    boolean passed();
}
