package io.mqprobe.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Kafka refuses to resize a broker thread pool dynamically by more than a factor of two at once
 * ("value should not be greater than double the current value"), so a change from 1 to 8 replica
 * fetchers is made as 1 → 2 → 4 → 8, each step applied before the next is asked for.
 */
final class ThreadPoolSteps {

    /** The broker's dynamically resizable thread pools (DynamicThreadPool in the broker). */
    static final Set<String> KEYS = Set.of("num.io.threads", "num.network.threads", "num.replica.fetchers",
            "num.recovery.threads.per.data.dir", "background.threads");

    private ThreadPoolSteps() {
    }

    static boolean applies(String key, String value) {
        return KEYS.contains(key) && (value == null || isCount(value));
    }

    /** The values to set in turn to go from {@code current} to {@code target}, ending with {@code target}; empty when equal. */
    static List<Integer> path(int current, int target) {
        List<Integer> steps = new ArrayList<>();
        int at = Math.max(1, current);
        while (at != target) {
            at = target > at ? Math.min(target, at * 2) : Math.max(target, (at + 1) / 2);
            steps.add(at);
        }
        return steps;
    }

    static boolean isCount(String value) {
        try {
            return Integer.parseInt(value.trim()) >= 1;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
