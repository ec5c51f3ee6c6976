package io.mqprobe.probe;

import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.ceilings.Ceilings;
import io.mqprobe.ceilings.link.LinkProbe;
import io.mqprobe.ceilings.link.LinkTarget;
import io.mqprobe.ceilings.link.NarrowLinks;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.RunSession;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The physical ceilings of a probe: configured ones win; for an embedded cluster the disk under its
 * data, the loopback link and each broker's own link (brokers in network namespaces) are measured quickly; for a remote cluster unknown ones stay unknown
 * (a local measurement would say nothing about the brokers' hosts).
 */
public final class CeilingsStep {

    private static final Duration DISK_BUDGET = Duration.ofSeconds(4);
    private static final Duration NIC_BUDGET = Duration.ofSeconds(3);
    private static final Duration LINK_BUDGET_PER_DIRECTION = Duration.ofSeconds(1);

    private CeilingsStep() {
    }

    /**
     * The ceilings as typed, checked before anything starts.
     *
     * @param disk          {@code --disk-ceiling}, or {@code null} when not given
     * @param nic           {@code --nic-ceiling}, or {@code null} when not given
     * @param probeUnknown  whether to measure the ones not given (an embedded cluster only; off with {@code --no-ceilings})
     */
    public record Asked(Ceiling disk, Ceiling nic, boolean probeUnknown) {
    }

    static ResultDocument.Ceilings measure(Asked asked, RunSession session) {
        boolean measureLocally = session.cluster().embedded() && asked.probeUnknown();
        Ceiling disk = asked.disk() != null ? asked.disk() : measureLocally ? probeDisk(session) : null;
        Ceiling nic = asked.nic() != null ? asked.nic() : measureLocally ? probeNic(session) : null;
        List<LinkRate> links = measureLocally ? probeLinks(session) : List.of();
        List<String> narrow = NarrowLinks.find(links, session.cluster().configuredLinkBytesPerSecond());
        narrow.forEach(line -> session.progress().line("link: " + line));
        return new ResultDocument.Ceilings(disk, nic, links.isEmpty() ? null : links, narrow.isEmpty() ? null : narrow);
    }

    /** Each broker's own link (brokers in network namespaces), measured as iperf3 would between hosts. */
    private static List<LinkRate> probeLinks(RunSession session) {
        List<LinkTarget> targets = session.cluster().brokerLinks();
        if (targets.isEmpty()) {
            return List.of();
        }
        session.progress().update("probe: measuring each broker's link ...");
        List<LinkRate> links;
        try {
            links = LinkProbe.measure(targets, LINK_BUDGET_PER_DIRECTION);
        } catch (RuntimeException e) {
            // the probe goes on without: each broker's NIC is then judged against the tc rate of its own link
            session.progress().line("link probe failed (" + e.getMessage() + "); NICs are judged against the links' tc rates");
            return List.of();
        }
        for (LinkRate link : links) {
            session.progress().line("link " + link.name() + ": " + DataRate.formatBits(link.inBytesPerSecond()) + " in, "
                    + DataRate.formatBits(link.outBytesPerSecond()) + " out (TCP both ways, probed)");
        }
        session.cluster().measuredLinks(links);
        return links;
    }

    private static Ceiling probeDisk(RunSession session) {
        Path dir = session.cluster().embeddedCluster().map(c -> c.runDir()).orElse(Path.of("."));
        session.progress().update("probe: measuring the disk ceiling under " + dir + " ...");
        Ceiling c = Ceilings.probedDiskWrite(dir, DISK_BUDGET);
        session.progress().line("disk ceiling: " + ByteSize.formatRate(c.bytesPerSecond()) + " (sequential append, probed)");
        return c;
    }

    private static Ceiling probeNic(RunSession session) {
        session.progress().update("probe: measuring the loopback NIC ceiling ...");
        Ceiling c = Ceilings.probedLoopbackNic(NIC_BUDGET);
        session.progress().line("NIC ceiling: " + DataRate.formatBits(c.bytesPerSecond()) + " (loopback TCP, probed)");
        return c;
    }
}
