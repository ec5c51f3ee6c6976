package io.mqprobe.mirror;

import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.report.VerdictSection;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/** A mirror variation's verdict in one line: arrival, latency, CPU, replication beside it. */
public final class MirrorSection implements VerdictSection {

    @Override
    public String kind() {
        return "mirror";
    }

    @Override
    public Optional<String> line(ScenarioResult scenario, Verdict verdict) {
        MirrorVerdict v = (MirrorVerdict) verdict;
        LatencySummary latency = v.mirrorLatencyUs();
        String text = "arrival " + HumanUnits.rate(v.arrivalBytesPerSecond())
                + " (source " + HumanUnits.rate(v.sourceBytesPerSecond()) + ")"
                + " · mirror latency p50 " + (latency == null ? HumanUnits.NONE : HumanUnits.latencyUs(latency.p50()))
                + " p99 " + (latency == null ? HumanUnits.NONE : HumanUnits.latencyUs(latency.p99()))
                + " max " + (latency == null ? HumanUnits.NONE : HumanUnits.latencyUs(latency.max()))
                + " · mirror CPU " + known(v.mirrorCpuCores(), cores -> String.format(Locale.ROOT, "%.2f", cores)) + " cores"
                // the field is per MiB (the result's name stays); printed per MB like every rate
                + " (" + known(v.mirrorCpuSecondsPerMiB(), perMiB -> String.format(Locale.ROOT, "%.3f", perMiB * 1e6 / (1 << 20)))
                + " CPU-s/MB)"
                + " · same cluster: replica fetch " + known(v.replicationBytesPerSecond(), HumanUnits::rate)
                + ", leader write " + known(v.leaderWriteBytesPerSecond(), HumanUnits::rate)
                + " · arrived " + HumanUnits.count((double) v.arrivedRecords())
                + ", lost " + HumanUnits.count((double) v.lostRecords())
                + ", duplicates " + HumanUnits.count((double) v.duplicateRecords());
        return Optional.of(text);
    }

    /** A figure as {@code format} writes it, a dash when it was not measured. */
    private static String known(OptionalDouble figure, DoubleFunction<String> format) {
        return figure.isPresent() ? format.apply(figure.getAsDouble()) : HumanUnits.NONE;
    }
}
