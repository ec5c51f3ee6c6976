package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One chart as data for the page script ({@code report.js}), which turns it into a Chart.js chart: an
 * x axis (load steps or elapsed seconds), up to two y axes with a unit each, line and marker series,
 * and shaded bands. Values are rounded here so long timelines stay small in the page.
 */
public final class ChartSpec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Marker shapes for verdict points, shared by every chart so the legend reads the same everywhere. */
    public enum Marker {
        CEILING("star", "#7c3aed"), KNEE("triangle", "#ea580c"), SUSTAINABLE("rectRot", "#16a34a"), ERROR("crossRot", "#dc2626"),
        // a long run's events: a log segment rolled, retention deleting closed ones, a collection that paused long
        SEGMENT_ROLL("circle", "#0891b2"), RETENTION_DELETE("rect", "#be185d"), LONG_GC("rectRounded", "#ca8a04");

        final String pointStyle;
        final String color;

        Marker(String pointStyle, String color) {
            this.pointStyle = pointStyle;
            this.color = color;
        }
    }

    private final ObjectNode root = NODES.objectNode();
    private final ArrayNode datasets = root.putArray("datasets");
    private final ArrayNode bands = root.putArray("bands");

    private ChartSpec() {
    }

    /** A chart over load steps, one category per step label. */
    public static ChartSpec overSteps(String xTitle, List<String> labels) {
        ChartSpec spec = new ChartSpec();
        ObjectNode x = spec.root.putObject("x").put("type", "category").put("title", xTitle);
        labels.forEach(x.putArray("labels")::add);
        return spec;
    }

    /** Stacked bars over load steps: each dataset is one part, the bar's height their sum. */
    static ChartSpec stackedOverSteps(String xTitle, List<String> labels) {
        ChartSpec spec = overSteps(xTitle, labels);
        spec.root.put("stacked", true);
        return spec;
    }

    /** A chart over elapsed seconds since {@code epochMs} 0 of the window. */
    static ChartSpec overTime() {
        ChartSpec spec = new ChartSpec();
        spec.root.putObject("x").put("type", "linear").put("unit", "elapsed").put("title", "elapsed");
        return spec;
    }

    /**
     * Declares y axis {@code y} (left) or {@code y1} (right) with a {@link MetricUnit} id; a null title shows
     * none, and {@code suggestedMax} (or null) keeps small values from filling the whole height.
     */
    public ChartSpec axis(String id, MetricUnit unit, String title, Double suggestedMax) {
        ObjectNode axis = root.withObjectProperty("axes").putObject(id).put("unit", unit.id());
        if (title != null) {
            axis.put("title", title);
        }
        if (suggestedMax != null) {
            axis.put("suggestedMax", suggestedMax);
        }
        return this;
    }

    /** A line over categories: {@code values[i]} belongs to label {@code i}; null leaves a gap. */
    public ObjectNode categoryLine(String label, String axis, String color, List<Double> values) {
        ObjectNode d = dataset(label, axis, color);
        ArrayNode data = d.putArray("data");
        values.forEach(v -> addRounded(data, v));
        return d;
    }

    /** A line over time: {@code xs[i]} elapsed seconds, {@code ys[i]} the value. */
    ObjectNode timeLine(String label, String axis, String color, double[] xs, double[] ys, int count) {
        ObjectNode d = dataset(label, axis, color);
        ArrayNode data = d.putArray("data");
        for (int i = 0; i < count; i++) {
            ArrayNode xy = data.addArray();
            addRounded(xy, xs[i]);
            addRounded(xy, ys[i]);
        }
        return d;
    }

    /** A single verdict point drawn on top of the lines, on category {@code index}. */
    public void categoryMarker(Marker marker, String label, String axis, int index, int categories, double value) {
        List<Double> values = new ArrayList<>(Collections.nCopies(categories, (Double) null));
        values.set(index, value);
        categoryMarkers(marker, label, axis, values);
    }

    /** Points without a line, one per category where {@code values[i]} is not null. */
    public void categoryMarkers(Marker marker, String label, String axis, List<Double> values) {
        ObjectNode d = dataset(label, axis, marker.color).put("marker", marker.pointStyle).put("line", false);
        ArrayNode data = d.putArray("data");
        values.forEach(v -> addRounded(data, v));
    }

    /** Points without a line at the given elapsed seconds (e.g. seconds with send errors). */
    void timeMarkers(Marker marker, String label, String axis, List<double[]> points) {
        ObjectNode d = dataset(label, axis, marker.color).put("marker", marker.pointStyle).put("line", false);
        ArrayNode data = d.putArray("data");
        points.forEach(p -> {
            ArrayNode xy = data.addArray();
            addRounded(xy, p[0]);
            addRounded(xy, p[1]);
        });
    }

    /** A shaded x range, e.g. a warm-up or the knee step's measured window; label may be null. */
    public void band(double fromX, double toX, String color, String label, boolean labelAtBottom) {
        ObjectNode b = bands.addObject().put("bottom", labelAtBottom);
        ArrayNode x = b.putArray("x");
        addRounded(x, fromX);
        addRounded(x, toX);
        b.put("color", color);
        if (label != null) {
            b.put("label", label);
        }
    }

    /** Removes series without a single value, e.g. consumer lines of a producer-only run. */
    void dropEmptyDatasets() {
        for (int i = datasets.size() - 1; i >= 0; i--) {
            boolean empty = true;
            for (var v : datasets.get(i).get("data")) {
                empty &= v.isNull();
            }
            if (empty) {
                datasets.remove(i);
            }
        }
    }

    boolean isEmpty() {
        for (var d : datasets) {
            for (var v : d.get("data")) {
                if (!v.isNull()) {
                    return false;
                }
            }
        }
        return true;
    }

    ObjectNode toJson(String canvasId) {
        return root.deepCopy().put("id", canvasId);
    }

    private ObjectNode dataset(String label, String axis, String color) {
        return datasets.addObject().put("label", label).put("axis", axis).put("color", color);
    }

    /** Three decimals below 100, whole numbers above: enough for any axis, and keeps pages small. */
    private static void addRounded(ArrayNode array, Double v) {
        if (v == null || v.isNaN() || v.isInfinite()) {
            array.addNull();
        } else if (Math.abs(v) >= 100) {
            array.add(Math.round(v));
        } else {
            array.add(Math.round(v * 1000) / 1000.0);
        }
    }
}
