package io.mqprobe.monitor.profile;

import io.mqprobe.monitor.jfr.RecordingPart;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One process's flight-recorder samples into the {@link ProfileStore}: where its threads ran (execution samples of
 * threads in Java, native-method samples of threads in native code) and
 * where they waited (monitor entries, and on the client parks inside a lock or the producer's buffer pool, above
 * {@link #WAIT_THRESHOLD}). A park elsewhere is an idle thread waiting for work: it only counts the thread among its pool's. The same part reads a broker's recording over JMX
 * and mqprobe's own ({@link LocalProfile}).
 */
public final class StackProfile implements RecordingPart {

    static final String EXECUTION = "jdk.ExecutionSample";
    static final String NATIVE = "jdk.NativeMethodSample";
    static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    static final String PARK = "jdk.ThreadPark";
    static final String THREAD_CPU_LOAD = "jdk.ThreadCPULoad";
    /**
     * A broker's threads are listed this often (each thread's CPU load, one small event per thread): its pools' sizes,
     * idle threads included, without recording parks.
     */
    static final String THREAD_LIST_PERIOD = "10 s";
    /**
     * Each thread running Java is sampled at most this often (the JDK's default preset; its profiling preset takes 10 ms),
     * and one thread in native code per period. A broker under a 0.4-core quota runs Java for at most 0.4 × 50 samples
     * a second: some 150 over the ceiling's steps. Native samples matter: gzip and snappy compress in native code, which
     * the Java sampler never sees.
     */
    static final String SAMPLE_PERIOD = "20 ms";
    /** Waits shorter than this are not recorded: contention made of many short waits is undercounted. */
    static final String WAIT_THRESHOLD = "10 ms";
    static final String LOCK = "lock";
    static final String BUFFER_MEMORY = "buffer memory";
    private static final String BUFFER_POOL = "org.apache.kafka.clients.producer.internals.BufferPool.allocate";

    private final ProfileStore store;
    private final Supplier<String> source;
    private final boolean broker;

    /**
     * @param source names the process when its events arrive (a remote broker's id is known only once it answered)
     * @param broker a broker's stacks, as opposed to a client's (the rules differ: see {@link Subsystems})
     */
    public StackProfile(ProfileStore store, Supplier<String> source, boolean broker) {
        this.store = store;
        this.source = source;
        this.broker = broker;
    }

    /** The events {@link #sampledSettings} names, each disabled while the store's sampling is off. */
    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = sampledSettings();
        if (!store.sampling()) {
            settings.replaceAll((key, value) -> key.endsWith("#enabled") ? "false" : value);
        }
        return settings;
    }

    /**
     * The events while stacks are sampled. A broker records no parks: its idle pools park hundreds of times a second (a
     * plain Kafka 4.1.1 broker at 10,000 msgs/s recorded 5,181 parks in 20 s, 84 % of its recording's events, 2,943 of
     * them request handlers polling their queue), which made the profile cost it 3-10 % of its CPU. Its log's lock is a
     * monitor, so contention on appends still shows; a wait on a {@code ReentrantLock} of a broker does not. mqprobe's
     * own producers wait for buffer memory in a park, so the client records them.
     */
    private Map<String, String> sampledSettings() {
        Map<String, String> settings = new HashMap<>(Map.of(EXECUTION + "#enabled", "true", EXECUTION + "#period", SAMPLE_PERIOD,
                NATIVE + "#enabled", "true", NATIVE + "#period", SAMPLE_PERIOD,
                MONITOR_ENTER + "#enabled", "true", MONITOR_ENTER + "#threshold", WAIT_THRESHOLD, MONITOR_ENTER + "#stackTrace", "true"));
        if (broker) {
            settings.putAll(Map.of(THREAD_CPU_LOAD + "#enabled", "true", THREAD_CPU_LOAD + "#period", THREAD_LIST_PERIOD));
        } else {
            settings.putAll(Map.of(PARK + "#enabled", "true", PARK + "#threshold", WAIT_THRESHOLD, PARK + "#stackTrace", "true"));
        }
        return settings;
    }

    /**
     * Read while stacks are sampled. A pause (a warm-up) follows steps already judged, whose events the judge waited to
     * read; what no read reached before it the broker drops after 7 s.
     */
    @Override
    public boolean reading() {
        return store.sampling();
    }

    @Override
    public void onEvent(RecordedEvent e) {
        String type = e.getEventType().getName();
        long epochMs = e.getEndTime().toEpochMilli();
        String name = source.get();
        store.seen(name, broker, epochMs);
        List<String> frames = frames(e.getStackTrace());
        switch (type) {
            case EXECUTION -> {
                if (!frames.isEmpty()) {
                    store.onCpu(name, broker, epochMs, threadName(e.getThread("sampledThread")), frames);
                }
            }
            case NATIVE -> {
                if (!frames.isEmpty()) {
                    store.onNative(name, broker, epochMs, threadName(e.getThread("sampledThread")), frames);
                }
            }
            case MONITOR_ENTER -> {
                if (!frames.isEmpty()) {
                    store.onWait(name, broker, epochMs, threadName(e.getThread()), frames.get(0), LOCK, e.getDuration().toNanos());
                }
            }
            case PARK -> {
                Optional<String[]> site = parkSite(frames);
                if (site.isPresent()) {
                    store.onWait(name, broker, epochMs, threadName(e.getThread()), site.get()[0], site.get()[1],
                            e.getDuration().toNanos());
                } else {
                    store.onThread(name, broker, epochMs, threadName(e.getThread()));
                }
            }
            case THREAD_CPU_LOAD -> store.onThread(name, broker, epochMs, threadName(e.getThread()));
            default -> {
            }
        }
    }

    /**
     * Where a park waited, as {site, kind}: the frame that took a lock (the first below the lock's own classes), or the
     * producer's buffer pool; empty for a thread parked waiting for work.
     */
    static Optional<String[]> parkSite(List<String> frames) {
        for (int i = 0; i < frames.size(); i++) {
            String frame = frames.get(i);
            if (frame.startsWith(BUFFER_POOL)) {
                return Optional.of(new String[]{BUFFER_POOL, BUFFER_MEMORY});
            }
            if (frame.startsWith("java.util.concurrent.locks.ReentrantLock") || frame.startsWith("java.util.concurrent.locks.ReentrantReadWriteLock")) {
                for (int j = i + 1; j < frames.size(); j++) {
                    if (!frames.get(j).startsWith("java.util.concurrent.locks.")) {
                        return Optional.of(new String[]{frames.get(j), LOCK});
                    }
                }
                return Optional.of(new String[]{frame, LOCK});
            }
        }
        return Optional.empty();
    }

    /** {@code class.method} per frame, the running frame first; empty without a stack. */
    static List<String> frames(RecordedStackTrace trace) {
        if (trace == null) {
            return List.of();
        }
        List<RecordedFrame> recorded = trace.getFrames();
        List<String> frames = new ArrayList<>(recorded.size());
        for (RecordedFrame f : recorded) {
            if (f.getMethod() != null && f.getMethod().getType() != null) {
                frames.add(f.getMethod().getType().getName() + "." + f.getMethod().getName());
            }
        }
        return frames;
    }

    private static String threadName(RecordedThread thread) {
        if (thread == null) {
            return null;
        }
        String name = thread.getJavaName();
        return name != null ? name : thread.getOSName();
    }
}
