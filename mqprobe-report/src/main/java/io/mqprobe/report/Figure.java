package io.mqprobe.report;

/** A chart with its caption; {@code highlighted} marks the chart that shows the bottleneck. */
public record Figure(String title, String note, ChartSpec spec, boolean highlighted) {
}
