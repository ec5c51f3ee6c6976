package io.mqprobe.plan;

/**
 * One figure of a plan, with the arithmetic that produced it and the measurement it rests on, so a reader can check
 * every number by hand.
 *
 * @param figure     what it is ("brokers", "disk per broker", ...)
 * @param value      the number in base units (a count, bytes, bytes per second, a share)
 * @param shown      the number for people ("7", "11.4 TB", "43.9 MB/s")
 * @param arithmetic how it was computed, with the numbers filled in
 * @param restsOn    the measured figure or documented rule it rests on
 */
public record Reckoning(String figure, double value, String shown, String arithmetic, String restsOn) {
}
