package io.mqprobe.api.profile;

import io.mqprobe.api.units.HumanUnits;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Where one process's time went over some steps: its on-CPU samples grouped into named parts (Kafka's subsystems, the
 * client's send path), and the waits of its thread pools above a threshold (locks, parks on a lock, not idle queues).
 *
 * @param source  {@code broker-1}, {@code client}
 * @param samples on-CPU samples behind the parts (of threads in Java and of threads working in native code): the
 *                shares' resolution
 * @param parts   each part's share of the sampled on-CPU time, largest first; a native sample counts for as many
 *                periods as there were threads in native code (the recorder samples one of them per period, in turn)
 * @param waits   each thread pool's share of its threads' time spent waiting at one site, largest first
 * @param pools   each thread pool with samples, its busiest thread and how the pool's samples split, largest pool first
 * @param flame   the sampled stacks as a tree, frames with less than a small share of the samples left out (their
 *                samples stay in their caller's), or {@code null}
 */
public record ProcessProfile(String source, long samples, List<Part> parts, List<Wait> waits, List<Pool> pools,
                             FlameNode flame) {

    /** The part of mqprobe's own monitors in a process: its JMX connector and flight recorder answering mqprobe. */
    public static final String MONITORING = "monitoring (JMX, JFR)";

    /** A part's share of the process's sampled on-CPU time, in [0, 1]. */
    public record Part(String name, double share) {
    }

    /**
     * Threads of one pool waiting at one site.
     *
     * @param threads "request handlers", "client send threads"
     * @param site    the frame they waited in, {@code java.security.SecureRandom.nextBytes}
     * @param kind    "lock" (a monitor or a lock's park), "buffer memory" (a producer waiting for room)
     * @param share   the wait's share of the pool's threads' time, in [0, 1]
     */
    public record Wait(String threads, String site, String kind, double share) {

        /** "client send threads blocked 40 % of their time in java.security.SecureRandom.nextBytes (lock)". */
        public String describe() {
            return threads + " blocked " + HumanUnits.pct(100 * share) + " of their time in " + site + " (" + kind + ")";
        }
    }

    /**
     * A thread pool's on-CPU samples: one thread with most of a busy pool's samples while its others idle is a limit that
     * more threads of the pool would not lift by themselves, nor a bigger quota.
     *
     * @param name          "request handlers", "replica fetchers"
     * @param threads       the pool's threads seen running, waiting or idle
     * @param busiest       the thread with the most samples
     * @param busiestShare  its share of the pool's samples, in [0, 1]
     * @param share         the pool's share of the process's samples, in [0, 1]
     */
    public record Pool(String name, int threads, String busiest, double busiestShare, double share) {
    }

    public ProcessProfile {
        parts = parts == null ? List.of() : List.copyOf(parts); // a file that left them out had none
        waits = waits == null ? List.of() : List.copyOf(waits); // a file that left them out had none
        // documents written before pools were kept have none
        pools = pools == null ? List.of() : List.copyOf(pools);
    }

    /** The same process without its flame tree: a step's parts, kept small. */
    public ProcessProfile withoutFlame() {
        return new ProcessProfile(source, samples, parts, waits, pools, null);
    }

    /**
     * The process's time without one part, the others' shares taken of what is left: what ran inside its CPU quota when
     * that part's threads ran outside it (mqprobe's monitors, moved out of the quota they would be measured against).
     */
    public ProcessProfile without(String part) {
        double left = 1 - share(part);
        if (left >= 1 || left <= 0) {
            return this;
        }
        List<Part> kept = parts.stream().filter(p -> !p.name().equals(part)).map(p -> new Part(p.name(), p.share() / left)).toList();
        return new ProcessProfile(source, Math.round(samples * left), kept, waits, pools, flame);
    }

    /** "TLS 41 %, compression (gzip) 23 %, request handling 12 %": the {@code n} largest parts. */
    public String top(int n) {
        return parts.stream().limit(n).map(p -> p.name() + " " + HumanUnits.pct(100 * p.share())).collect(Collectors.joining(", "));
    }

    /** The share of the part named {@code name}, 0 when it has none. */
    public double share(String name) {
        return parts.stream().filter(p -> p.name().equals(name)).mapToDouble(Part::share).sum();
    }
}
