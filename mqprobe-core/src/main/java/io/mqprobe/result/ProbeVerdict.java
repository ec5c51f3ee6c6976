package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonTypeName;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainablePoint;

import java.util.Objects;

/**
 * A probe scenario's verdict: what the search found (ceiling, knee, sustainable load, bottleneck, why
 * the ramp stopped), written flat next to its {@code kind} as in {@code mqprobe.result/v1}, and where the profiled
 * processes' time went at the ceiling ({@code profile}, absent when nothing was profiled).
 */
@JsonTypeName("probe")
public record ProbeVerdict(@JsonUnwrapped @JsonIgnore(false) ScenarioVerdict findings, ScenarioProfile profile) implements Verdict {

    public ProbeVerdict {
        Objects.requireNonNull(findings, "findings");
    }

    /** A verdict without a profile (profiling off, or no process recorded). */
    public ProbeVerdict(ScenarioVerdict findings) {
        this(findings, null);
    }

    @JsonCreator
    static ProbeVerdict read(@JsonProperty("ceiling") StepPoint ceiling, @JsonProperty("knee") StepPoint knee,
                             @JsonProperty("sustainable") SustainablePoint sustainable,
                             @JsonProperty("bottleneck") Bottleneck bottleneck, @JsonProperty("stopReason") String stopReason,
                             @JsonProperty("profile") ScenarioProfile profile) {
        return new ProbeVerdict(new ScenarioVerdict(ceiling, knee, sustainable, bottleneck, stopReason), profile);
    }

    /** The same findings with {@code profile}. */
    public ProbeVerdict withProfile(ScenarioProfile profile) {
        return new ProbeVerdict(findings, profile);
    }

    @Override
    public boolean passed() {
        return findings.ceiling() != null;
    }
}
