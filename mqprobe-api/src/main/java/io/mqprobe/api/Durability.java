package io.mqprobe.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * When a producer hears back about a write, in words every queue understands; each driver maps it to
 * its own settings (for Kafka: {@code acks} and the topic's {@code min.insync.replicas}).
 */
public enum Durability {

    /** Fire and forget: no acknowledgement at all. */
    NONE("none"),
    /** The partition leader has the write. */
    LEADER("leader"),
    /** Every in-sync replica has the write, and a replicated topic needs two of them (one broker may be down). */
    ALL_REPLICAS("all-replicas");

    private final String id;

    Durability(String id) {
        this.id = id;
    }

    /** The name in scenario files, result documents and reports ({@code leader}, {@code all-replicas}). */
    @JsonValue
    public String id() {
        return id;
    }

    /** True when an acknowledged write survives the loss of its leader. */
    public boolean durable() {
        return this == ALL_REPLICAS;
    }

    /**
     * Reads {@code none | leader | all-replicas}, and, for scenario files written before durability had
     * a name, Kafka's {@code acks} values {@code 0 | 1 | all | -1}.
     */
    @JsonCreator
    public static Durability parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "none", "0" -> NONE;
            case "leader", "1" -> LEADER;
            case "all-replicas", "all", "-1" -> ALL_REPLICAS;
            default -> throw new UsageException("durability must be none, leader or all-replicas (or acks 0, 1, all), got '"
                    + text + "'");
        };
    }
}
