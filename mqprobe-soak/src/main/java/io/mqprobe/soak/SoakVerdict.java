package io.mqprobe.soak;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.VerdictTypes;

import java.util.List;

/**
 * The verdict of a soak: whether the rate held for the whole duration, and if not, when and why it broke; what drifted
 * (with its slope and the time to its limit); what each broker's page cache held and where the readers read from; and
 * what it says of the probe's sustainable load it was started from.
 *
 * @param held       the whole duration ran and no minute crossed a threshold
 * @param ranMs      measured time the load ran
 * @param askedMs    measured time asked for
 * @param brokeAtMs  from the start of the measured load to the first second past a threshold, or {@code null}
 * @param brokeBy    what crossed which threshold first ("p99 412 ms > SLO 200 ms"), or {@code null}
 * @param headline   the verdict in one line
 * @param evidence   what moved before the break, one line each
 * @param drifts     trends beyond the minutes' noise
 * @param cache      each broker's page-cache residency and where each group read from
 * @param events     the segments the topic rolled and retention deleted, and the long collections, one line each
 * @param minutes    the per-minute series the verdict was judged from
 * @param probe      the probe's sustainable load this soak checked, or {@code null} when started from a rate
 * @param clientLimited the load generator (mqprobe) was at its CPU limit through most of the break: the figures are
 *                   mqprobe's, not the cluster's
 */
@JsonTypeName("soak")
public record SoakVerdict(boolean held, long ranMs, long askedMs, Long brokeAtMs, String brokeBy, String headline,
                          List<String> evidence, List<Drift> drifts, List<String> cache, List<String> events,
                          List<SoakMinute> minutes,
                          ProbeCheck probe, boolean clientLimited) implements Verdict {

    public SoakVerdict {
        evidence = List.copyOf(evidence);
        drifts = List.copyOf(drifts);
        cache = List.copyOf(cache);
        events = events == null ? List.of() : List.copyOf(events);
        minutes = List.copyOf(minutes);
    }

    /**
     * The probe's answer this soak put to the test.
     *
     * @param file      the probe's result file
     * @param confirmed the probe's rate held
     * @param correctedBytesPerSecond on a correction that held, the rate it held (what it carried): the probe's answer
     *                  corrected; else {@code null}
     * @param outcome   "confirmed", "not confirmed", "not tested" (the load generator held the soak back), "corrected to"
     *                  or "not corrected", with the soak's reason
     */
    public record ProbeCheck(String file, String scenario, double sustainableBytesPerSecond, boolean confirmed,
                             Double correctedBytesPerSecond, String outcome) {
    }

    @Override
    public boolean passed() {
        return held;
    }

    /** Registers this kind with the result documents ({@link VerdictTypes}). */
    public static final class Types implements VerdictTypes {
        @Override
        public List<Class<? extends Verdict>> types() {
            return List.of(SoakVerdict.class);
        }
    }
}
