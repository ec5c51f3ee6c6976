package io.mqprobe.sweep;

import io.mqprobe.api.UsageException;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One question of a sweep: one factor varied alone, or two crossed as a grid, everything else fixed.
 * A preset is several studies run one after another.
 */
public record SweepStudy(List<SweepFactor> factors) {

    public SweepStudy {
        factors = List.copyOf(factors);
        if (factors.isEmpty() || factors.size() > 2) {
            throw new UsageException("a sweep varies one setting (or two, as a grid), got " + factors.size());
        }
        if (factors.size() == 2) {
            if (factors.get(0).key().equals(factors.get(1).key())) {
                throw new UsageException("--vary " + factors.get(0).key() + " given twice");
            }
            if (factors.get(0).kind().consumes() != factors.get(1).kind().consumes()) {
                throw new UsageException("a grid cannot cross a consumer setting with a producer, topic or broker one");
            }
        }
    }

    /** {@code compression.type} or {@code batch.size × linger.ms}. */
    public String name() {
        return factors.stream().map(SweepFactor::key).collect(Collectors.joining(" × "));
    }

    public boolean grid() {
        return factors.size() == 2;
    }

    /** Measured by consuming a backlog. */
    public boolean consumes() {
        return factors.get(0).kind().consumes();
    }

    public List<SweepCell> cells() {
        return SweepCell.cross(factors);
    }

    public SweepFactor factor(String key) {
        return factors.stream().filter(f -> f.key().equals(key)).findFirst().orElseThrow();
    }
}
