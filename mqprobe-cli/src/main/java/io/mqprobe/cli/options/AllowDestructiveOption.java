package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** The user's consent to change a cluster mqprobe did not start (picocli mixin of sweep and chaos). */
public final class AllowDestructiveOption {

    @Option(names = "--allow-destructive",
            description = "Allow changing a cluster mqprobe did not start: sweep's broker settings (journaled and restored), "
                    + "chaos's --fault-cmd faults.")
    boolean allowed;

    public boolean allowed() {
        return allowed;
    }
}
