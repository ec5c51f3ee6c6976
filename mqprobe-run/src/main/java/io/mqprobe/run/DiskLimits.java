package io.mqprobe.run;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.load.DiskBudget;

import java.util.OptionalLong;

/**
 * How much disk the topics mqprobe creates may take, and how much must stay free, as the command concluded it from {@code --disk-budget} and {@code --disk-reserve}.
 *
 * @param askedBudget  {@code --disk-budget} in bytes, when given
 * @param reserveBytes {@code --disk-reserve} in bytes
 */
public record DiskLimits(OptionalLong askedBudget, long reserveBytes) {

    /** The budget for this cluster, from its log dirs' free space unless given. */
    public DiskBudget budget(ClusterAdmin admin) {
        return DiskBudget.of(askedBudget, reserveBytes, admin.logDirSpace());
    }
}
