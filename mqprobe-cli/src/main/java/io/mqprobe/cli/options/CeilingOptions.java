package io.mqprobe.cli.options;

import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.ceilings.Ceilings;
import picocli.CommandLine.Option;

/** The disk and NIC ceilings a user already knows, that utilisation is a share of (picocli mixin of probe and monitor). */
public final class CeilingOptions {

    @Option(names = "--disk-ceiling", paramLabel = "RATE",
            description = "Disk write ceiling that disk use is a share of, such as 1.2GB/s (measure it with `mqprobe disk`); "
                    + "probe measures it itself for an embedded cluster.")
    String disk;

    @Option(names = "--nic-ceiling", paramLabel = "RATE",
            description = "NIC ceiling that network use is a share of, such as 10Gbit (measure it with `mqprobe net`); "
                    + "probe measures loopback itself for an embedded cluster.")
    String nic;

    /** The disk ceiling given, checked, or {@code null}. */
    public Ceiling disk() {
        return Ceilings.configured("--disk-ceiling", disk);
    }

    /** The NIC ceiling given, checked, or {@code null}. */
    public Ceiling nic() {
        return Ceilings.configured("--nic-ceiling", nic);
    }
}
