package io.mqprobe.stats;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Failed operations counted by exception type (the simple class name, e.g. {@code TimeoutException}). */
public final class ErrorCounts {

    private final ConcurrentHashMap<String, LongAdder> byType = new ConcurrentHashMap<>();
    private final LongAdder total = new LongAdder();

    public void add(Throwable error) {
        byType.computeIfAbsent(typeOf(error), k -> new LongAdder()).increment();
        total.increment();
    }

    public long total() {
        return total.sum();
    }

    /** Cumulative counts, sorted by type. */
    public Map<String, Long> snapshot() {
        Map<String, Long> copy = new TreeMap<>();
        byType.forEach((k, v) -> copy.put(k, v.sum()));
        return copy;
    }

    /** Counts in {@code now} minus those in {@code before}, dropping zero entries. */
    public static Map<String, Long> difference(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> diff = new TreeMap<>();
        now.forEach((k, v) -> {
            long d = v - before.getOrDefault(k, 0L);
            if (d != 0) {
                diff.put(k, d);
            }
        });
        return diff;
    }

    /** Unwraps execution wrappers so the user sees the broker's reason, not {@code ExecutionException}. */
    static String typeOf(Throwable error) {
        Throwable t = error;
        while ((t instanceof java.util.concurrent.ExecutionException || t instanceof java.util.concurrent.CompletionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }
}
