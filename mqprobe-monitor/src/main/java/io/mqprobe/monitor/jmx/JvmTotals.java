package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * A JVM's own running totals: collections and pause time summed over its garbage collectors, and the time its JIT
 * compilers spent. Collectors named "Cycles" or "Concurrent" measure concurrent work that does not stop the
 * application, so they are left out.
 *
 * @param compileMs total JIT compilation time, or -1 where the JVM does not measure it
 */
public record JvmTotals(long count, long timeMs, long compileMs) {

    private static final ObjectName COLLECTORS = KafkaBeans.name("java.lang:type=GarbageCollector,*");
    private static final ObjectName COMPILATION = KafkaBeans.name("java.lang:type=Compilation");

    /** GC time and count per second and JIT time per second since the last totals {@code rates} saw, for {@code source}. */
    public void addRates(CounterRates rates, long epochMs, String source, List<ResourceSample> out) {
        double gcMsPerS = rates.perSecond("gc.time", timeMs, epochMs);
        double gcCountPerS = rates.perSecond("gc.count", count, epochMs);
        if (!Double.isNaN(gcMsPerS)) {
            out.add(new ResourceSample(epochMs, source, Metric.GC_MS_PER_S, gcMsPerS, 1000.0));
            out.add(ResourceSample.of(epochMs, source, Metric.GC_COUNT_PER_S, gcCountPerS));
        }
        if (compileMs >= 0) {
            double jitMsPerS = rates.perSecond("jit.time", compileMs, epochMs);
            if (!Double.isNaN(jitMsPerS)) {
                out.add(ResourceSample.of(epochMs, source, Metric.JIT_MS_PER_S, jitMsPerS));
            }
        }
    }

    /** This JVM's (mqprobe itself). */
    public static JvmTotals platform() {
        long count = 0;
        long timeMs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (isPause(gc.getName())) {
                count += Math.max(0, gc.getCollectionCount());
                timeMs += Math.max(0, gc.getCollectionTime());
            }
        }
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return new JvmTotals(count, timeMs,
                compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : -1);
    }

    /** The JVM's behind {@code server}. */
    public static JvmTotals read(MBeanServerConnection server) throws IOException {
        long count = 0;
        long timeMs = 0;
        for (ObjectName gc : server.queryNames(COLLECTORS, null)) {
            if (!isPause(gc.getKeyProperty("name"))) {
                continue;
            }
            try {
                AttributeList values = server.getAttributes(gc, new String[]{"CollectionCount", "CollectionTime"});
                for (javax.management.Attribute a : values.asList()) {
                    long v = Math.max(0, ((Number) a.getValue()).longValue());
                    if (a.getName().equals("CollectionCount")) {
                        count += v;
                    } else {
                        timeMs += v;
                    }
                }
            } catch (JMException e) {
                // a collector bean that vanished between query and read has nothing to add
            }
        }
        return new JvmTotals(count, timeMs, compileMs(server));
    }

    private static long compileMs(MBeanServerConnection server) throws IOException {
        try {
            return server.getAttribute(COMPILATION, "TotalCompilationTime") instanceof Number ms ? ms.longValue() : -1;
        } catch (JMException e) {
            return -1;   // a JVM without a JIT, or one that does not time it
        }
    }

    static boolean isPause(String collectorName) {
        return collectorName != null && !collectorName.contains("Cycles") && !collectorName.contains("Concurrent");
    }
}
