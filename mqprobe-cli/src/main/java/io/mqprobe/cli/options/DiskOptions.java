package io.mqprobe.cli.options;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.run.DiskLimits;
import picocli.CommandLine.Option;

import java.util.OptionalLong;

/** How much disk the topics mqprobe creates may take, and how much must stay free (picocli mixin of every load command). */
public final class DiskOptions {

    @Option(names = "--disk-budget", paramLabel = "SIZE",
            description = "Bytes mqprobe's topics may hold on the brokers, all replicas counted (default: half the free "
                    + "space of the fullest log dir above the reserve). Topics get retention to stay under it; the run "
                    + "stops when they outgrow it.")
    String budget;

    @Option(names = "--disk-reserve", paramLabel = "SIZE", defaultValue = "1GiB",
            description = "Free space every broker log dir must keep; the run stops below it (default: ${DEFAULT-VALUE}).")
    String reserve;

    /** The sizes, parsed and checked before the session opens. */
    public DiskLimits conclude() {
        OptionalLong asked = budget == null ? OptionalLong.empty()
                : OptionalLong.of(ByteSize.parseInRange("--disk-budget", budget, 1, Long.MAX_VALUE));
        return new DiskLimits(asked, ByteSize.parseInRange("--disk-reserve", reserve, 0, Long.MAX_VALUE));
    }
}
