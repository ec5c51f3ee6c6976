package io.mqprobe.api.monitor;

/**
 * What one broker's link carried when it was measured like {@code iperf3 -c} and {@code iperf3 -c -R}, receiver side:
 * the capacity its NIC readings are judged against.
 *
 * @param name              what sits behind the link, as the monitors name it ({@code broker-2})
 * @param inBytesPerSecond  into the broker (produce requests, followers' fetch answers)
 * @param outBytesPerSecond out of the broker (consumers' and followers' fetches)
 */
public record LinkRate(String name, double inBytesPerSecond, double outBytesPerSecond) {

    /** The narrower direction. */
    public double narrowerBytesPerSecond() {
        return Math.min(inBytesPerSecond, outBytesPerSecond);
    }
}
