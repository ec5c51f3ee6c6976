package io.mqprobe.sweep;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.VerdictTypes;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of one value of a sweep: what it measured, or why the value made the run fail (which the
 * ranking marks rather than hides).
 *
 * @param study    the factor's key, or {@code a × b} for a grid
 * @param values   factor key to the value this run used
 * @param repeat   which measurement of the value, from 1
 * @param position the run's place in the sweep's alternating order, from 0
 * @param failure  why the run failed; {@code null} when it measured
 * @param metrics  sweep metric name (see {@code io.mqprobe.sweep.SweepMetric}) to value, base units in the name
 */
@JsonTypeName("sweep")
public record SweepVerdict(String study, Map<String, String> values, int repeat, int position, String failure,
                           Map<String, Double> metrics) implements Verdict {

    public SweepVerdict {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    @Override
    public boolean passed() {
        return failure == null;
    }

    /** Registers this kind with the result documents ({@link VerdictTypes}). */
    public static final class Types implements VerdictTypes {
        @Override
        public java.util.List<Class<? extends Verdict>> types() {
            return java.util.List.of(SweepVerdict.class);
        }
    }
}
