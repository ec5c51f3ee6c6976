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
 * the ramp stopped), written flat next to its {@code kind} as in {@code mqprobe.result/v1}.
 */
@JsonTypeName("probe")
public record ProbeVerdict(@JsonUnwrapped @JsonIgnore(false) ScenarioVerdict findings) implements Verdict {

    public ProbeVerdict {
        Objects.requireNonNull(findings, "findings");
    }

    @JsonCreator
    static ProbeVerdict read(@JsonProperty("ceiling") StepPoint ceiling, @JsonProperty("knee") StepPoint knee,
                             @JsonProperty("sustainable") SustainablePoint sustainable,
                             @JsonProperty("bottleneck") Bottleneck bottleneck, @JsonProperty("stopReason") String stopReason) {
        return new ProbeVerdict(new ScenarioVerdict(ceiling, knee, sustainable, bottleneck, stopReason));
    }

    @Override
    public boolean passed() {
        return findings.ceiling() != null;
    }
}
