package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Lenient reads from plan.json, the one file the report still reads as a tree (its type lives in mqprobe-plan, above
 * this module): a field that is absent, null or of the wrong type reads as "not measured". result.json is read as its
 * records ({@link io.mqprobe.result.ResultReading}).
 */
final class Fields {

    private Fields() {
    }

    /** The number at {@code field}, or null when absent or not a number. */
    static Double number(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isNumber() ? v.asDouble() : null;
    }

    /** The number at {@code field}, or {@code otherwise} when absent or not a number. */
    static double number(JsonNode node, String field, double otherwise) {
        Double n = number(node, field);
        return n == null ? otherwise : n;
    }

    /** The non-blank text at {@code field}, or null. Numbers and booleans are given as text too. */
    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || v.isNull() || v.isContainerNode()) {
            return null;
        }
        String s = v.asText();
        return s.isBlank() ? null : s;
    }

    /** The non-blank text at {@code field}, or {@code otherwise}. */
    static String text(JsonNode node, String field, String otherwise) {
        String t = text(node, field);
        return t == null ? otherwise : t;
    }

    /** The object at {@code field}, or null when absent or not an object. */
    static JsonNode object(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isObject() ? v : null;
    }

    /** The elements of the array at {@code field} that are objects; empty when absent. */
    static List<JsonNode> objects(JsonNode node, String field) {
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
    static List<String> texts(JsonNode node, String field) {
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
