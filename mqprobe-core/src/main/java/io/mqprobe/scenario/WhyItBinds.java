package io.mqprobe.scenario;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.StepResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Where the profiled processes' time went over the ceiling's steps, the steps that set the verdict: each process's parts
 * and waits, a line per process at or near its CPU quota naming its three largest parts, and advice drawn from the
 * shares, each line citing its share.
 */
final class WhyItBinds {

    /** A process this busy (share of its quota) at the ceiling is named with its parts. */
    static final double BUSY_PCT = 75;
    /** A part or wait at least this large is worth a line of advice. */
    static final double ADVICE_SHARE = 0.10;
    /** Fewer samples than this say too little to name parts. */
    static final long MIN_SAMPLES = 50;
    private static final List<String> CODECS = List.of("gzip", "snappy", "lz4", "zstd");

    private WhyItBinds() {
    }

    /**
     * @param steps     the ceiling's steps (the plateau's, or its one step)
     * @param atCeiling the resources over those steps, for each process's CPU
     */
    static Optional<ScenarioProfile> of(CpuProfiles profiles, List<StepResult> steps, List<ResourceUsage> atCeiling) {
        List<CpuProfiles.Window> windows = steps.stream().map(WhyItBinds::window).toList();
        List<ProcessProfile> processes = profiles.over(windows).stream().filter(p -> p.samples() >= MIN_SAMPLES || !p.waits().isEmpty())
                .toList();
        if (processes.isEmpty()) {
            return Optional.empty();
        }
        Map<String, ResourceUsage> cpu = new TreeMap<>();
        atCeiling.stream().filter(r -> Metric.CPU_CORES.equals(r.metric())).forEach(r -> cpu.put(r.source(), r));
        List<String> why = new ArrayList<>();
        List<String> advice = new ArrayList<>();
        for (ProcessProfile p : processes) {
            ResourceUsage used = cpu.get(p.source());
            if (used != null && used.meanPct() >= BUSY_PCT && p.samples() >= MIN_SAMPLES) {
                why.add(p.source() + " CPU " + HumanUnits.pct(used.meanPct()) + ": " + p.top(3));
            }
            advice.addAll(advice(p));
        }
        List<Integer> indices = steps.stream().map(StepResult::index).toList();
        String at = (indices.size() == 1 ? "the ceiling's step " : "the ceiling's steps ")
                + indices.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return Optional.of(new ScenarioProfile(at, indices, processes, why, advice));
    }

    /** What the shares suggest: compression and TLS on a broker, waits on a lock or for buffer memory. */
    static List<String> advice(ProcessProfile p) {
        List<String> lines = new ArrayList<>();
        boolean broker = p.source().startsWith("broker-");
        if (p.samples() >= MIN_SAMPLES) {
            for (String codec : CODECS) {
                double share = p.share("compression (" + codec + ")");
                if (share >= ADVICE_SHARE && broker) {
                    lines.add(p.source() + " spends " + HumanUnits.pct(100 * share) + " of its sampled CPU in " + codec
                            + " compression: a broker recompresses every batch when the topic's compression.type differs from"
                            + " the producer's (or the topic is compacted); set compression.type=producer on the topic or the"
                            + " producer's codec to the topic's");
                } else if (share >= ADVICE_SHARE) {
                    lines.add(p.source() + " spends " + HumanUnits.pct(100 * share) + " of its sampled CPU in " + codec
                            + " compression");
                }
            }
            double tls = p.share("TLS");
            if (tls >= ADVICE_SHARE) {
                lines.add(p.source() + " spends " + HumanUnits.pct(100 * tls) + " of its sampled CPU in TLS: a plaintext probe"
                        + " of the same cluster tells what encryption costs in MB/s; TLS also turns off zero-copy fetches");
            }
            double monitoring = p.share("monitoring (JMX, JFR)");
            if (monitoring >= ADVICE_SHARE / 2) {
                lines.add(p.source() + " spent " + HumanUnits.pct(100 * monitoring) + " of its sampled CPU answering JMX and its"
                        + " flight recording (mqprobe's own monitors; --no-profile leaves the recording out)");
            }
        }
        for (ProcessProfile.Wait w : p.waits()) {
            if (w.share() >= ADVICE_SHARE) {
                String hint = w.site().contains("SecureRandom") ? ": SecureRandom waits for entropy under a lock; a JVM"
                        + " started with -Djava.security.egd=file:/dev/./urandom does not"
                        : w.kind().equals("buffer memory") ? ": the producer's buffer.memory is full, so sends wait for the"
                        + " brokers to acknowledge" : "";
                lines.add(p.source() + ": " + w.describe() + hint);
            }
        }
        return lines;
    }

    /** A step's measured window: from the end of its warm-up for its measured length. */
    static CpuProfiles.Window window(StepResult step) {
        long from = Instant.parse(step.startedAt()).toEpochMilli() + step.warmupMs();
        return new CpuProfiles.Window(from, from + step.measuredMs());
    }
}
