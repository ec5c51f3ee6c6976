package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * How one scenario of an experiment was judged; one subtype per experiment kind, written to the
 * result document with its {@code kind} so a reader knows the shape without guessing. A new
 * experiment (sweep, chaos, mirror) adds its own record here.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ProbeVerdict.class, name = "probe"),
        @JsonSubTypes.Type(value = SingleRunVerdict.class, name = "single-run"),
        @JsonSubTypes.Type(value = MirrorVerdict.class, name = "mirror")})
public sealed interface Verdict permits ProbeVerdict, SingleRunVerdict, MirrorVerdict {

    /** True when the scenario passed its experiment's bar (a single run delivered, a probe measured a ceiling). */
    boolean passed();
}
