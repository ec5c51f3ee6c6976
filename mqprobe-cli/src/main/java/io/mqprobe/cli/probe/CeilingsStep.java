package io.mqprobe.cli.probe;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.cli.run.LoadSession;
import io.mqprobe.probes.Ceiling;
import io.mqprobe.probes.Ceilings;
import io.mqprobe.result.ResultDocument;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The physical ceilings of a probe: configured ones win; for an embedded cluster the disk under its
 * data and the loopback link are measured quickly; for a remote cluster unknown ones stay unknown
 * (a local measurement would say nothing about the brokers' hosts).
 */
final class CeilingsStep {

    private static final Duration DISK_BUDGET = Duration.ofSeconds(4);
    private static final Duration NIC_BUDGET = Duration.ofSeconds(3);

    private CeilingsStep() {
    }

    static void validate(ProbeOptions probe) {
        if (probe.diskCeiling != null) {
            Ceilings.configured("--disk-ceiling", probe.diskCeiling);
        }
        if (probe.nicCeiling != null) {
            Ceilings.configured("--nic-ceiling", probe.nicCeiling);
        }
    }

    static ResultDocument.Ceilings measure(ProbeOptions probe, LoadSession session) {
        boolean measureLocally = session.cluster().embedded() && !probe.noCeilings;
        Ceiling disk = probe.diskCeiling != null ? Ceilings.configured("--disk-ceiling", probe.diskCeiling)
                : measureLocally ? probeDisk(session) : null;
        Ceiling nic = probe.nicCeiling != null ? Ceilings.configured("--nic-ceiling", probe.nicCeiling)
                : measureLocally ? probeNic(session) : null;
        return new ResultDocument.Ceilings(disk == null ? null : disk.bytesPerSecond(), disk == null ? null : disk.source(),
                nic == null ? null : nic.bytesPerSecond(), nic == null ? null : nic.source());
    }

    private static Ceiling probeDisk(LoadSession session) {
        Path dir = session.cluster().embeddedCluster().map(c -> c.runDir()).orElse(Path.of("."));
        session.progress().update("probe: measuring the disk ceiling under " + dir + " ...");
        Ceiling c = new Ceiling(Ceilings.quickDiskWriteBytesPerSecond(dir, DISK_BUDGET), Ceiling.PROBED);
        session.progress().line("disk ceiling: " + ByteSize.formatRate(c.bytesPerSecond()) + " (sequential append, probed)");
        return c;
    }

    private static Ceiling probeNic(LoadSession session) {
        session.progress().update("probe: measuring the loopback NIC ceiling ...");
        Ceiling c = new Ceiling(Ceilings.quickLoopbackNicBytesPerSecond(NIC_BUDGET), Ceiling.PROBED);
        session.progress().line("NIC ceiling: " + DataRate.formatBits(c.bytesPerSecond()) + " (loopback TCP, probed)");
        return c;
    }
}
