package io.mqprobe.load;

import io.mqprobe.api.monitor.ResourceUsage;

import java.util.List;

/** Summarizes the monitors' samples over a time window; {@link #NONE} when nothing is monitored. */
@FunctionalInterface
public interface ResourceWindow {

    List<ResourceUsage> summarize(long fromEpochMs, long toEpochMs);

    ResourceWindow NONE = (from, to) -> List.of();
}
