package io.mqprobe.monitor.prometheus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A strict parser of the Prometheus text exposition format, version 0.0.4 (what node_exporter and
 * the JMX exporter serve). No library on Maven Central reads this format without pulling in a
 * whole client, and it is small and precisely specified, so malformed input is rejected with its
 * line number rather than guessed at.
 */
public final class TextFormatParser {

    private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "summary", "untyped");

    private final String text;
    private final List<PromSample> samples = new ArrayList<>();
    private final Map<String, String> types = new HashMap<>();
    private int lineNumber;
    private String line;
    private int pos;

    private TextFormatParser(String text) {
        this.text = text;
    }

    /**
     * Every sample in {@code text}, in order.
     *
     * @throws IllegalArgumentException naming the line when the text is not in the format
     */
    public static List<PromSample> parse(String text) {
        TextFormatParser parser = new TextFormatParser(text);
        parser.parseAll();
        return List.copyOf(parser.samples);
    }

    private void parseAll() {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lineNumber = i + 1;
            line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            pos = 0;
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                parseComment();
            } else {
                parseSample();
            }
        }
    }

    private void parseComment() {
        String[] parts = line.substring(1).trim().split("[ \t]+", 3);
        if (parts.length < 2 || !(parts[0].equals("HELP") || parts[0].equals("TYPE"))) {
            return; // a plain comment
        }
        String name = parts[1];
        if (!isMetricName(name)) {
            throw error("bad metric name '" + name + "' in " + parts[0]);
        }
        if (parts[0].equals("TYPE")) {
            String type = parts.length > 2 ? parts[2].trim() : "";
            if (!TYPES.contains(type)) {
                throw error("unknown metric type '" + type + "'");
            }
            if (types.putIfAbsent(name, type) != null) {
                throw error("second TYPE line for " + name);
            }
        }
    }

    private void parseSample() {
        skipBlanks();
        int start = pos;
        while (pos < line.length() && isNameChar(line.charAt(pos), pos == start, true)) {
            pos++;
        }
        String name = line.substring(start, pos);
        if (name.isEmpty()) {
            throw error("expected a metric name");
        }
        Map<String, String> labels = new LinkedHashMap<>();
        skipBlanks();
        if (pos < line.length() && line.charAt(pos) == '{') {
            pos++;
            parseLabels(labels);
        }
        skipBlanks();
        String value = nextToken();
        if (value.isEmpty()) {
            throw error("missing value for " + name);
        }
        double parsed = parseValue(value);
        skipBlanks();
        String timestamp = nextToken();
        if (!timestamp.isEmpty() && !timestamp.matches("-?\\d+")) {
            throw error("bad timestamp '" + timestamp + "'");
        }
        skipBlanks();
        if (pos != line.length()) {
            throw error("unexpected text after the sample: '" + line.substring(pos) + "'");
        }
        samples.add(new PromSample(name, labels, parsed));
    }

    private void parseLabels(Map<String, String> labels) {
        while (true) {
            skipBlanks();
            if (pos < line.length() && line.charAt(pos) == '}') {
                pos++;
                return;
            }
            int start = pos;
            while (pos < line.length() && isNameChar(line.charAt(pos), pos == start, false)) {
                pos++;
            }
            String labelName = line.substring(start, pos);
            if (labelName.isEmpty()) {
                throw error("expected a label name or '}'");
            }
            skipBlanks();
            expect('=');
            skipBlanks();
            expect('"');
            String value = parseLabelValue();
            if (labels.put(labelName, value) != null) {
                throw error("label '" + labelName + "' appears twice");
            }
            skipBlanks();
            if (pos < line.length() && line.charAt(pos) == ',') {
                pos++;
            } else if (pos >= line.length() || line.charAt(pos) != '}') {
                throw error("expected ',' or '}' after label '" + labelName + "'");
            }
        }
    }

    private String parseLabelValue() {
        StringBuilder value = new StringBuilder();
        while (pos < line.length()) {
            char c = line.charAt(pos++);
            if (c == '"') {
                return value.toString();
            }
            if (c == '\\') {
                if (pos >= line.length()) {
                    break;
                }
                char escaped = line.charAt(pos++);
                switch (escaped) {
                    case '\\' -> value.append('\\');
                    case '"' -> value.append('"');
                    case 'n' -> value.append('\n');
                    default -> throw error("bad escape '\\" + escaped + "' in a label value");
                }
            } else {
                value.append(c);
            }
        }
        throw error("unterminated label value");
    }

    /** Go's ParseFloat forms the exporters emit, including {@code NaN}, {@code +Inf} and {@code -Inf}. */
    private double parseValue(String token) {
        switch (token) {
            case "NaN":
                return Double.NaN;
            case "+Inf":
            case "Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            default:
                if (!token.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
                    throw error("bad value '" + token + "'");
                }
                return Double.parseDouble(token);
        }
    }

    private String nextToken() {
        int start = pos;
        while (pos < line.length() && line.charAt(pos) != ' ' && line.charAt(pos) != '\t') {
            pos++;
        }
        return line.substring(start, pos);
    }

    private void expect(char c) {
        if (pos >= line.length() || line.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipBlanks() {
        while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private static boolean isMetricName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isNameChar(name.charAt(i), i == 0, true)) {
                return false;
            }
        }
        return true;
    }

    /** Metric names allow ':' (recording rules), label names do not; neither may start with a digit. */
    private static boolean isNameChar(char c, boolean first, boolean allowColon) {
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (allowColon && c == ':');
        return letter || (!first && c >= '0' && c <= '9');
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("Prometheus text line " + lineNumber + ": " + message);
    }
}
