package io.mqprobe.result;

import java.util.List;

/**
 * The verdict records an experiment kind brings, found through {@link java.util.ServiceLoader} (listed under
 * {@code META-INF/services/io.mqprobe.result.VerdictTypes}) so result documents read them back by their {@code kind}.
 * Each record is named with {@code @JsonTypeName}.
 */
public interface VerdictTypes {

    List<Class<? extends Verdict>> types();

    /** The kinds core's own experiments judge with: probe and single-run (sweep, chaos and mirror bring theirs). */
    final class BuiltIn implements VerdictTypes {
        @Override
        public List<Class<? extends Verdict>> types() {
            return List.of(ProbeVerdict.class, SingleRunVerdict.class);
        }
    }
}
