package io.mqprobe.stats;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * A latency histogram as text, for snapshots that travel (a load worker's per-second figures): HdrHistogram's own
 * compressed encoding in Base64, so the decoded histogram holds every count of the original and merges exactly.
 */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** @throws IllegalArgumentException when the text is not an encoded histogram */
    public static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)),
                    LatencyHistograms.HIGHEST_TRACKABLE_US);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}
