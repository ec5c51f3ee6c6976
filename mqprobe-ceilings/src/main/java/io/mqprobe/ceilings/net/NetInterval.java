package io.mqprobe.ceilings.net;

/**
 * The bytes all streams moved in one reporting interval (normally one second), as seen by the client.
 *
 * @param startMs        interval start, from the start of the test
 * @param endMs          interval end, from the start of the test
 * @param bytes          bytes written (client sends) or read (client receives, {@code --reverse}) over all streams
 * @param bytesPerSecond {@code bytes} over the interval length
 */
public record NetInterval(long startMs, long endMs, long bytes, double bytesPerSecond) {
}
