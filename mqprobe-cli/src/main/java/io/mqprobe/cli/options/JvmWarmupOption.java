package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.load.WarmupTarget;
import picocli.CommandLine.Option;

import java.time.Duration;

/** How long a run first loads the cluster unmeasured, until its JVMs are warm (picocli mixin of probe and soak). */
public final class JvmWarmupOption {

    @Option(names = "--jvm-warmup", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.OrZero.class,
            description = "Each scenario first runs its load unmeasured until every JVM watched (brokers, mqprobe) compiles"
                    + " under 50 ms/s, at most this long (0: none); a step measured while a JVM compiles more is flagged"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration jvmWarmup;

    /** The default warm-up target with the user's longest wait, or {@code null} for 0. */
    public WarmupTarget warmUntil() {
        if (jvmWarmup.isZero()) {
            return null;
        }
        WarmupTarget standard = WarmupTarget.DEFAULT;
        Duration shortest = jvmWarmup.compareTo(standard.shortest()) < 0 ? jvmWarmup : standard.shortest();
        if (shortest.toMillis() < 1000) {
            throw new UsageException("--jvm-warmup must be 0 or at least 1s, got " + jvmWarmup.toMillis() + "ms");
        }
        return new WarmupTarget(standard.compileMsPerSecond(), shortest, jvmWarmup);
    }
}
