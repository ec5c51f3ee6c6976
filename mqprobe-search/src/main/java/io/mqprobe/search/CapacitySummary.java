package io.mqprobe.search;

import java.util.List;
import java.util.Objects;

/**
 * A probe's answer in the field's language: the headline {@code "3 × 48.5 MB/s"} (replication factor × business
 * traffic), lines for per-broker ceiling, durable floor and sustainable load, and notes on what limits the figures.
 *
 * @param clientLimited true when mqprobe itself was the bottleneck of any scenario, so figures are lower bounds
 * @param consistency   contradictions between scenarios ({@link ConsistencyChecks}), each with what was done about it
 */
public record CapacitySummary(String headline, List<String> lines, boolean clientLimited, List<String> notes,
                              List<String> consistency) {

    public CapacitySummary {
        Objects.requireNonNull(headline, "headline");
        lines = List.copyOf(lines);
        notes = List.copyOf(notes);
        consistency = consistency == null ? List.of() : List.copyOf(consistency);
    }

    public CapacitySummary(String headline, List<String> lines, boolean clientLimited, List<String> notes) {
        this(headline, lines, clientLimited, notes, List.of());
    }
}
