package io.mqprobe.cli.run;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.load.DiskBudget;
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

    /** Validates the sizes; called before the session opens. */
    public void conclude() {
        askedBudget();
        reserveBytes();
    }

    /** The budget for this cluster, from its log dirs' free space unless given. */
    public DiskBudget budget(ClusterAdmin admin) {
        return DiskBudget.of(askedBudget(), reserveBytes(), admin.logDirSpace());
    }

    private OptionalLong askedBudget() {
        return budget == null ? OptionalLong.empty() : OptionalLong.of(ByteSize.parseInRange("--disk-budget", budget, 1, Long.MAX_VALUE));
    }

    private long reserveBytes() {
        return ByteSize.parseInRange("--disk-reserve", reserve, 0, Long.MAX_VALUE);
    }
}
