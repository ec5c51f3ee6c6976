package io.mqprobe.mirror;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.report.Fields;
import io.mqprobe.report.VerdictSection;

import java.util.Locale;
import java.util.Optional;

/** A mirror variation's verdict in one line: arrival, latency, CPU, replication beside it. */
public final class MirrorSection implements VerdictSection {

    @Override
    public String kind() {
        return "mirror";
    }

    @Override
    public Optional<String> line(JsonNode scenario, JsonNode v) {
        JsonNode latency = Fields.object(v, "mirrorLatencyUs");
        Double cpu = Fields.number(v, "mirrorCpuCores");
        Double cpuPerMiB = Fields.number(v, "mirrorCpuSecondsPerMiB");
        // the field is per MiB (the result's name stays); printed per MB like every rate
        Double cpuPerMb = cpuPerMiB == null ? null : cpuPerMiB * 1e6 / (1 << 20);
        String text = "arrival " + HumanUnits.rate(Fields.number(v, "arrivalBytesPerSecond"))
                + " (source " + HumanUnits.rate(Fields.number(v, "sourceBytesPerSecond")) + ")"
                + " · mirror latency p50 " + HumanUnits.latencyUs(Fields.number(latency, "p50"))
                + " p99 " + HumanUnits.latencyUs(Fields.number(latency, "p99"))
                + " max " + HumanUnits.latencyUs(Fields.number(latency, "max"))
                + " · mirror CPU " + (cpu == null ? HumanUnits.NONE : String.format(Locale.ROOT, "%.2f cores", cpu))
                + (cpuPerMb == null ? "" : String.format(Locale.ROOT, " (%.3f CPU-s/MB)", cpuPerMb))
                + " · same cluster: replica fetch " + HumanUnits.rate(Fields.number(v, "replicationBytesPerSecond"))
                + ", leader write " + HumanUnits.rate(Fields.number(v, "leaderWriteBytesPerSecond"))
                + " · arrived " + HumanUnits.count(Fields.number(v, "arrivedRecords"))
                + ", lost " + HumanUnits.count(Fields.number(v, "lostRecords"))
                + ", duplicates " + HumanUnits.count(Fields.number(v, "duplicateRecords"));
        return Optional.of(text);
    }
}
