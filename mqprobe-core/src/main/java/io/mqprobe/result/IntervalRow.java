package io.mqprobe.result;

/**
 * One second of load figures, as stored in the result's {@code intervals}. Consumer fields are
 * {@code null} when nothing consumed.
 */
public record IntervalRow(long epochMs, String scenario, int step, String phase, double sentPerSecond,
                          double ackedPerSecond, double bytesPerSecond, double p99Us, double meanUs, double maxUs,
                          double serviceMeanUs, double serviceMaxUs, long errors,
                          Double consumedPerSecond, Double e2eP99Us, Double e2eMeanUs, Double e2eMaxUs) {

    public static final String WARMUP = "warmup";
    public static final String MEASURE = "measure";
}
