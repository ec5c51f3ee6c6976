package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * A JVM's old generation as its last collection left it: what survives collections, the figure that climbs over a
 * long run when a JVM leaks or a cache grows without bound. Read from the pool's {@code CollectionUsage}, locally or
 * over JMX, and reported the same way for both.
 *
 * @param maxBytes the pool's maximum size, or -1 where it has none
 */
public record OldGenAfterGc(long usedBytes, long maxBytes) {

    private static final ObjectName POOLS = KafkaBeans.name("java.lang:type=MemoryPool,*");

    /** Reports it as {@link Metric#OLD_GEN_AFTER_GC_BYTES} of {@code source}, against the pool's maximum. */
    public void addTo(List<ResourceSample> out, long epochMs, String source) {
        out.add(new ResourceSample(epochMs, source, Metric.OLD_GEN_AFTER_GC_BYTES, usedBytes,
                maxBytes < 0 ? OptionalDouble.empty() : OptionalDouble.of(maxBytes)));
    }

    /** This JVM's (mqprobe itself); empty before its old generation's first collection. */
    public static Optional<OldGenAfterGc> platform() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (holdsOldObjects(pool.getName())) {
                return afterCollection(pool.getCollectionUsage());
            }
        }
        return Optional.empty();
    }

    /** The JVM's behind {@code server}; empty before its old generation's first collection. */
    public static Optional<OldGenAfterGc> read(MBeanServerConnection server) throws IOException {
        for (ObjectName pool : server.queryNames(POOLS, null)) {
            if (!holdsOldObjects(pool.getKeyProperty("name"))) {
                continue;
            }
            try {
                Object usage = server.getAttribute(pool, "CollectionUsage");
                return afterCollection(usage instanceof CompositeData data ? MemoryUsage.from(data) : null);
            } catch (JMException e) {
                return Optional.empty();   // a JVM whose pool does not say
            }
        }
        return Optional.empty();
    }

    /**
     * The pool's usage after its last collection, when it has had one. A pool that was never collected still answers,
     * with its initial and maximum sizes but nothing used and nothing committed (seen on JDK 17 with G1, Parallel,
     * Serial, ZGC and Shenandoah); after any collection it holds committed memory. So committed 0 means no reading
     * yet, not an empty old generation. G1 updates its old pool only in mixed and full collections.
     */
    static Optional<OldGenAfterGc> afterCollection(MemoryUsage usage) {
        if (usage == null || usage.getCommitted() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new OldGenAfterGc(usage.getUsed(), usage.getMax()));
    }

    /**
     * The heap pool where objects that survive end up: the old generation of G1, Parallel, Serial, CMS and generational
     * ZGC ("G1 Old Gen", "PS Old Gen", "Tenured Gen", "ZGC Old Generation"), or the one heap of single-generation
     * ZGC and Shenandoah, whose after-collection figure also holds what was allocated while the concurrent cycle ran.
     */
    static boolean holdsOldObjects(String poolName) {
        return poolName != null && (poolName.contains("Old Gen") || poolName.contains("Tenured")
                || poolName.equals("ZHeap") || poolName.equals("Shenandoah"));
    }
}
