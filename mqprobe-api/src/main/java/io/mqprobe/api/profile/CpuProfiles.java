package io.mqprobe.api.profile;

import java.util.List;
import java.util.Map;

/**
 * The profiles of every process mqprobe could record (brokers over their JMX connection, mqprobe itself), kept for the
 * run, asked for by time window once the steps that matter are known.
 */
public interface CpuProfiles {

    /** A stretch of wall time, in epoch milliseconds, both ends included. */
    record Window(long fromEpochMs, long toEpochMs) {
    }

    /**
     * Each recorded process's profile over the windows together, those without samples in them left out. Waits briefly
     * for recordings that are read a few seconds late to reach the windows' end.
     */
    List<ProcessProfile> over(List<Window> windows);

    /**
     * Per process, its sampled stacks over the window as folded text (one line per stack, frames root first separated
     * by {@code ;}, then a space and the sample count), the format flame-graph tools read.
     */
    Map<String, String> folded(Window window);

    /**
     * Turns the processes' stack sampling on or off from now on (on at the start): off over steps nobody judges. The
     * samples cost little CPU but kept every JVM compiling the code that takes them, so a profiled probe's JVM warm-up
     * ran longer, up to its cap (see {@code ProfileStore}).
     */
    default void sampling(boolean on) {
    }

    /** No process recorded: monitoring off, or profiling turned off. */
    CpuProfiles NONE = new CpuProfiles() {
        @Override
        public List<ProcessProfile> over(List<Window> windows) {
            return List.of();
        }

        @Override
        public Map<String, String> folded(Window window) {
            return Map.of();
        }
    };
}
