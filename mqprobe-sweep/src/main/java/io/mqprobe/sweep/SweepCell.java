package io.mqprobe.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One point of a study: a value of its factor, or a combination of values of a grid's two factors.
 *
 * @param values factor key to value, in the study's factor order
 */
public record SweepCell(Map<String, String> values) {

    public SweepCell {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code compression.type=lz4} or {@code batch.size=16384 linger.ms=5}. */
    public String label() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** Every combination of the factors' values, the first factor varying slowest; the first cell is the baseline. */
    public static List<SweepCell> cross(List<SweepFactor> factors) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (SweepFactor f : factors) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : f.values()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(f.key(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        return combos.stream().map(SweepCell::new).toList();
    }

    /**
     * The order runs are measured in: every cell once forward, then once backward, and so on (A B B A A B
     * ...), so a cluster that drifts (page cache filling, JIT, a disk slowing down) favours no value.
     */
    public static List<Run> alternating(List<SweepCell> cells, int repeats) {
        List<Run> order = new ArrayList<>();
        for (int r = 0; r < repeats; r++) {
            for (int i = 0; i < cells.size(); i++) {
                order.add(new Run(cells.get(r % 2 == 0 ? i : cells.size() - 1 - i), r + 1));
            }
        }
        return order;
    }

    /** One measurement of a cell: its repeat number, from 1. */
    public record Run(SweepCell cell, int repeat) {
    }
}
