package io.mqprobe.search;

import io.mqprobe.api.monitor.Sources;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What stopped throughput from growing, where, and the numbers that show it.
 *
 * @param resource one of {@link #KINDS}
 * @param source   where it sits ({@code broker-1}, {@code client}, {@code host}, {@code cluster}), or {@code null}
 * @param summary  one line for the terminal ("broker-1 CPU 1.96/2 cores (98 %) at the knee (step 3)")
 * @param evidence the figures behind the verdict, the deciding one first, in human units
 * @param parties  a {@link #CO_LIMITED} verdict's limits, each a resource where it sits; empty for any other verdict,
 *                 and in documents written before they were kept
 */
public record Bottleneck(String resource, String source, String summary, List<String> evidence, List<Party> parties) {

    /** One of the limits a co-limited verdict names: {@code cpu} on {@code broker-1}. */
    public record Party(String resource, String source) {
    }

    public static final String CPU = "cpu";
    public static final String DISK = "disk";
    public static final String NIC = "nic";
    public static final String REPLICATION = "replication";
    public static final String BROKER_THREADS = "broker-threads";
    /** Nothing saturated, yet throughput stopped growing: each partition's log is appended in order, on its leader. */
    public static final String PARTITION = "partition";
    /** The load generator, not the cluster, was the limit. */
    public static final String CLIENT = "client";
    /** Brokers and mqprobe share one host's cores and together used them all. */
    public static final String SHARED_CPU = "shared-cpu";
    public static final String LATENCY = "latency";
    public static final String ERRORS = "errors";
    public static final String NONE = "none";
    /**
     * More than one resource at saturation within the readings' noise (the source names each, joined by {@code +}):
     * one name would be a coin toss between them.
     */
    public static final String CO_LIMITED = "co-limited";
    public static final Set<String> KINDS =
            Set.of(CPU, DISK, NIC, REPLICATION, BROKER_THREADS, PARTITION, CLIENT, SHARED_CPU, LATENCY, ERRORS, NONE, CO_LIMITED);

    /** True when the load generator was the limit, alone or among co-limits: the figures are then lower bounds. */
    public boolean loadGeneratorAmongLimits() {
        return CLIENT.equals(resource) || (CO_LIMITED.equals(resource) && source != null
                && java.util.Arrays.stream(source.split("\\+")).anyMatch(Sources::isLoadGenerator));
    }

    /**
     * This release names only {@link #KINDS}; a resource outside them is kept as written, so a result file of a newer
     * release that found a new kind still reads.
     */
    public Bottleneck {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(summary, "summary");
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        parties = parties == null ? List.of() : List.copyOf(parties);
    }

    /** A verdict that names one limit (or nothing). */
    public Bottleneck(String resource, String source, String summary, List<String> evidence) {
        this(resource, source, summary, evidence, List.of());
    }

    /** The same verdict with {@code note} after its summary ("…; broker-2 compiled at 3 of 3 of the ceiling's steps …"). */
    public Bottleneck withNote(String note) {
        return new Bottleneck(resource, source, summary + "; " + note, evidence, parties);
    }

    /** The same verdict with other evidence. */
    public Bottleneck withEvidence(List<String> otherEvidence) {
        return new Bottleneck(resource, source, summary, otherEvidence, parties);
    }

    /**
     * The limits this verdict names: a co-limited one's parties, else itself. A co-limited verdict of a document written
     * before parties were kept names only itself, so it shares a limit with no other verdict but its equal.
     */
    public Set<Party> limits() {
        return parties.isEmpty() ? Set.of(new Party(resource, source == null ? "" : source)) : Set.copyOf(parties);
    }
}
