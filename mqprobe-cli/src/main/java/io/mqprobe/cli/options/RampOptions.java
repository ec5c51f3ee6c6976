package io.mqprobe.cli.options;

import io.mqprobe.probe.RampPlan;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * How long each step of a ramp lasts and how far the ramp may go (picocli mixin of {@code probe} and {@code sweep});
 * the defaults are the probe's ({@link RampPlan}), a command with others names them in its {@link CommandDefaults}.
 */
public final class RampOptions {

    @Option(names = "--step-warmup", paramLabel = "DURATION", defaultValue = RampPlan.DEFAULT_WARMUP,
            converter = DurationConverter.OrZero.class, description = "Warm-up of each step (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--step-duration", paramLabel = "DURATION", defaultValue = RampPlan.DEFAULT_MEASURE,
            converter = DurationConverter.class, description = "Measured window of each step (default: ${DEFAULT-VALUE}).")
    Duration measured;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = RampPlan.DEFAULT_MAX_CLIENTS,
            description = "Most producer clients in a step (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = RampPlan.DEFAULT_MAX_STEPS,
            description = "Most steps of a ramp (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    public Duration warmup() {
        return warmup;
    }

    public Duration measured() {
        return measured;
    }

    public int maxClients() {
        return maxClients;
    }

    public int maxSteps() {
        return maxSteps;
    }
}
