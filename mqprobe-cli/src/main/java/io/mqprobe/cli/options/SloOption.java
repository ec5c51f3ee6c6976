package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.Optional;

/** The p99 latency a run must stay within (picocli mixin of probe and soak). */
public final class SloOption {

    @Option(names = "--slo-p99", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "p99 latency SLO (default: 200ms).")
    Duration sloP99;

    /** The SLO asked for; empty for the method's default. */
    public Optional<Duration> sloP99() {
        return Optional.ofNullable(sloP99);
    }
}
