package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Lenient reads from the result document: a field that is absent, null or of the wrong type reads as
 * "not measured", so a partial or newer document never breaks a report.
 */
public final class Fields {

    private Fields() {
    }

    /** The number at {@code field}, or null when absent or not a number. */
    public static Double number(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isNumber() ? v.asDouble() : null;
    }

    /** The number at {@code field}, or {@code otherwise} when absent or not a number. */
    public static double number(JsonNode node, String field, double otherwise) {
        Double n = number(node, field);
        return n == null ? otherwise : n;
    }

    /** The non-blank text at {@code field}, or null. Numbers and booleans are given as text too. */
    public static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || v.isNull() || v.isContainerNode()) {
            return null;
        }
        String s = v.asText();
        return s.isBlank() ? null : s;
    }

    /** The non-blank text at {@code field}, or {@code otherwise}. */
    public static String text(JsonNode node, String field, String otherwise) {
        String t = text(node, field);
        return t == null ? otherwise : t;
    }

    /** A result's bottleneck as "cpu / broker-1", or its resource alone when it names no process; null without one. */
    public static String bottleneck(JsonNode bottleneck) {
        if (bottleneck == null || !bottleneck.isObject()) {
            return null;
        }
        String source = text(bottleneck, "source");
        return text(bottleneck, "resource", "?") + (source == null ? "" : " / " + source);
    }

    public static boolean flag(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.asBoolean(false);
    }

    /** The object at {@code field}, or null when absent or not an object. */
    public static JsonNode object(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isObject() ? v : null;
    }

    /**
     * A scenario's probe verdict (ceiling, knee, sustainable, bottleneck), or {@code null} when it has none or
     * a verdict of another kind; v1 documents wrote probe verdicts without a {@code kind}.
     */
    public static JsonNode probeVerdict(JsonNode scenario) {
        JsonNode verdict = object(scenario, "verdict");
        String kind = text(verdict, "kind");
        return kind == null || "probe".equals(kind) ? verdict : null;
    }

    /** The elements of the array at {@code field} that are objects; empty when absent. */
    public static List<JsonNode> objects(JsonNode node, String field) {
        List<JsonNode> out = new ArrayList<>();
        JsonNode v = node == null ? null : node.get(field);
        if (v != null && v.isArray()) {
            v.forEach(e -> {
                if (e.isObject()) {
                    out.add(e);
                }
            });
        }
        return out;
    }

    /** The scalar elements of the array at {@code field} as text; empty when absent. */
    public static List<String> texts(JsonNode node, String field) {
        List<String> out = new ArrayList<>();
        JsonNode v = node == null ? null : node.get(field);
        if (v != null && v.isArray()) {
            v.forEach(e -> {
                if (e.isValueNode() && !e.isNull()) {
                    out.add(e.asText());
                }
            });
        }
        return out;
    }
}
