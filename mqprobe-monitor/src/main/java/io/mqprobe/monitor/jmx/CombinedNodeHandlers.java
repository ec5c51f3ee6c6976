package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.CounterRates;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.management.MBeanServerConnection;

/**
 * How much of their time the broker's request handlers spend on CPU, on a combined broker and KRaft controller, from
 * the CPU time of their threads. There the pool's idle meter cannot be read (both pools mark it, KAFKA-19606) and the two pools' threads
 * bear the same names ({@code data-plane-kafka-request-handler-<n>}), but Kafka starts the controller before the
 * broker, and thread ids only grow in a JVM: in id order, the broker's pool begins at the second thread named
 * {@code ...-0}, and threads added when its {@code num.io.threads} is raised while it runs come after it.
 * <p>
 * A handler waiting inside a request (for a lock, for the disk) is busy to the meter and off CPU here: this reading
 * is the least the handlers can have been busy. It shows a saturated pool only when its threads compute (validating,
 * recompressing), and never shows one that was not.
 */
final class CombinedNodeHandlers {

    static final String THREAD_PREFIX = "data-plane-kafka-request-handler-";

    private final CounterRates rates = new CounterRates();
    private long[] brokerPool = new long[0];
    private int threadCount = -1;
    private MBeanServerConnection server;
    private com.sun.management.ThreadMXBean threads;

    /** The broker pool's share of time on CPU in % over the interval since the last call, or NaN (first call, no pool). */
    double cpuPct(MBeanServerConnection connection, long epochMs) throws IOException {
        if (connection != server) {   // making the proxy asks the broker what the bean is: once per connection
            threads = ManagementFactory.newPlatformMXBeanProxy(connection, ManagementFactory.THREAD_MXBEAN_NAME,
                    com.sun.management.ThreadMXBean.class);
            server = connection;
        }
        // the JVM's thread count is one attribute; the threads' names are looked up only when it changed (a broker
        // still starting, a pool resized while the broker runs)
        int count = threads.getThreadCount();
        if (count != threadCount) {
            long[] pool = brokerPool(Stream.of(threads.getThreadInfo(threads.getAllThreadIds())).filter(Objects::nonNull).toList());
            if (!Arrays.equals(pool, brokerPool)) {
                brokerPool = pool;
                rates.reset();
            }
            threadCount = count;
        }
        if (brokerPool.length == 0) {
            return Double.NaN;
        }
        long[] cpuNs = threads.getThreadCpuTime(brokerPool);
        if (Arrays.stream(cpuNs).anyMatch(ns -> ns < 0)) {
            threadCount = -1;   // a thread ended between the two calls: look again next round
            return Double.NaN;
        }
        double busyCores = rates.perSecond("cpu", Arrays.stream(cpuNs).sum(), epochMs) / 1e9;
        return Math.min(100, 100 * busyCores / brokerPool.length);
    }

    /** Forgets the pool and the last reading, as when the broker went away. */
    void reset() {
        server = null;
        brokerPool = new long[0];
        threadCount = -1;
        rates.reset();
    }

    /**
     * The broker pool's thread ids: of the handler threads in id order, those from the second one numbered 0 on; none
     * when there are not exactly two numbered 0 (then the pools cannot be told apart, and no reading beats a guess).
     */
    static long[] brokerPool(List<ThreadInfo> threads) {
        List<ThreadInfo> handlers = threads.stream().filter(t -> t.getThreadName().startsWith(THREAD_PREFIX))
                .sorted(Comparator.comparingLong(ThreadInfo::getThreadId)).toList();
        int[] firsts = IntStream.range(0, handlers.size())
                .filter(i -> handlers.get(i).getThreadName().equals(THREAD_PREFIX + "0")).toArray();
        if (firsts.length != 2) {
            return new long[0];
        }
        return handlers.subList(firsts[1], handlers.size()).stream().mapToLong(ThreadInfo::getThreadId).toArray();
    }
}
