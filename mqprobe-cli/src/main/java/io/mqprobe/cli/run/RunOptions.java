package io.mqprobe.cli.run;

import io.mqprobe.cli.target.TargetOptions;
import picocli.CommandLine.Mixin;

/** What every load command takes besides its load: where the cluster is, what to watch, where to write. */
public final class RunOptions {

    @Mixin
    TargetOptions target;

    @Mixin
    MonitorOptions monitor;

    @Mixin
    OutputOptions output;

    @Mixin
    DiskOptions disk;

    @Mixin
    GateOptions gates;

    @Mixin
    WorkerOptions workers;

    public TargetOptions target() {
        return target;
    }

    public MonitorOptions monitor() {
        return monitor;
    }

    public DiskOptions disk() {
        return disk;
    }

    public OutputOptions output() {
        return output;
    }

    public GateOptions gates() {
        return gates;
    }

    public WorkerOptions workers() {
        return workers;
    }
}
