package io.mqprobe.monitor.jmx;

import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Collections and pause time summed over a JVM's garbage collectors. Collectors named "Cycles" or
 * "Concurrent" measure concurrent work that does not stop the application, so they are left out.
 */
public record GcTotals(long count, long timeMs) {

    private static final ObjectName COLLECTORS = KafkaBeans.name("java.lang:type=GarbageCollector,*");

    /** This JVM's collectors (mqprobe itself). */
    public static GcTotals platform() {
        long count = 0;
        long timeMs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (isPause(gc.getName())) {
                count += Math.max(0, gc.getCollectionCount());
                timeMs += Math.max(0, gc.getCollectionTime());
            }
        }
        return new GcTotals(count, timeMs);
    }

    /** The collectors of the JVM behind {@code server}. */
    public static GcTotals read(MBeanServerConnection server) throws IOException {
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
        return new GcTotals(count, timeMs);
    }

    static boolean isPause(String collectorName) {
        return collectorName != null && !collectorName.contains("Cycles") && !collectorName.contains("Concurrent");
    }
}
