package io.mqprobe.api.monitor;

/**
 * A physical limit used by the bottleneck verdict.
 *
 * @param bytesPerSecond the limit
 * @param source         {@code probed} (measured by mqprobe now) or {@code configured} (given by the user)
 */
public record Ceiling(double bytesPerSecond, String source) {

    public static final String PROBED = "probed";
    public static final String CONFIGURED = "configured";
}
