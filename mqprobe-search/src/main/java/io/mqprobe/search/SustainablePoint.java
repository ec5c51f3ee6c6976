package io.mqprobe.search;

/**
 * The most suitable maximum load: the highest throughput measured before any resource went over its threshold.
 *
 * @param limitedBy what broke at the next step, with numbers ("broker-1 CPU 82 % > 75 % at step 2")
 */
public record SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy) {
}
