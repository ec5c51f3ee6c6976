package io.mqprobe.soak;

import java.util.Optional;

/**
 * The rate a soak tries next when the one it held broke for the cluster's reasons: what production can carry for the
 * duration then lies below, and a correction soaks again, lower, for as long, until a rate holds or the corrections
 * asked for run out. Never after a soak mqprobe's own CPU limit held back (that says nothing of the cluster), one cut
 * short (Ctrl-C, a fault, the disk budget: nothing broke), or one that held.
 */
final class SoakCorrection {

    /**
     * Each correction holds this share of the rate that broke, or of what the broken soak carried when it carried less: a
     * fifth lower each time, so the most corrections ({@link #MOST}) reach 41 % of it. Coarse where the probe's search
     * closes to 5 %, because each try here lasts a whole soak, not a step of seconds.
     */
    static final double STEP_DOWN = 0.8;
    /** The most corrections a soak takes: each lasts as long as the soak, so more would run for hours. */
    static final int MOST = 4;

    private SoakCorrection() {
    }

    /**
     * @param broke            the soak just held
     * @param recordsPerSecond the rate it was asked to hold
     * @return the rate to hold next, in records/s, or empty when no correction follows this soak
     */
    static Optional<Double> next(SoakVerdict broke, double recordsPerSecond) {
        if (broke.held() || broke.brokeBy() == null || broke.clientLimited()) {
            return Optional.empty();
        }
        // a minute cut short by the end carried too little time to say what the cluster carries
        double carried = broke.minutes().stream().filter(m -> m.seconds() >= SoakCriteria.SHORTEST_JUDGED_S)
                .mapToDouble(SoakMinute::ackedPerSecond).average().orElse(recordsPerSecond);
        return Optional.of(STEP_DOWN * Math.min(recordsPerSecond, carried));
    }
}
