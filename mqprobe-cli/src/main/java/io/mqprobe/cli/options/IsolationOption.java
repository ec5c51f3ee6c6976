package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** Whether an embedded cluster a command starts is isolated, as it is by default as root (picocli mixin of probe and soak). */
public final class IsolationOption {

    @Option(names = "--no-isolation",
            description = "Do not isolate the embedded cluster it starts (as root it does by default: brokers and load "
                    + "generator each on a share of the cores, see docs/isolation.md).")
    boolean noIsolation;

    public boolean isolate() {
        return !noIsolation;
    }
}
