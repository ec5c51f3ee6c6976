package io.mqprobe.ceilings.net;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The wire format between net client and server. A control connection carries the request, the server's
 * answer (a cookie), the start signal and, at the end, the server's totals; each data connection opens with
 * the cookie and its stream index, so the server only accepts the streams a client asked for.
 */
final class NetProtocol {

    static final int CONTROL_MAGIC = 0x4D515043; // "MQPC"
    static final int DATA_MAGIC = 0x4D515044;    // "MQPD"
    static final int VERSION = 1;

    static final byte REPLY_OK = 0;
    static final byte REPLY_BAD_REQUEST = 1;
    static final byte REPLY_BUSY = 2;
    static final byte START = 1;
    static final byte ABORT = 2;

    /** How long either side waits for the other's handshake bytes. */
    static final int HANDSHAKE_TIMEOUT_MS = 3000;
    /** How long the server waits for every requested stream to connect. */
    static final int STREAMS_TIMEOUT_MS = 5000;
    /** How long a stream may run past the test duration (draining buffers) before it is cut. */
    static final long GRACE_NS = TimeUnit.SECONDS.toNanos(5);
    /** How long the client waits for the server's totals once its own streams are done. */
    static final int TOTALS_TIMEOUT_MS = 10_000;

    private NetProtocol() {
    }

    /** What a client asks for; sent after {@link #CONTROL_MAGIC} and {@link #VERSION}. */
    record TestRequest(int streams, long omitMs, long durationMs, boolean reverse, int blockSizeBytes) {

        static TestRequest of(NetClientSpec spec) {
            return new TestRequest(spec.streams(), spec.omit().toMillis(), spec.duration().toMillis(), spec.reverse(),
                    spec.blockSizeBytes());
        }

        void writeTo(DataOutputStream out) throws IOException {
            out.writeInt(streams);
            out.writeLong(omitMs);
            out.writeLong(durationMs);
            out.writeBoolean(reverse);
            out.writeInt(blockSizeBytes);
        }

        static TestRequest readFrom(DataInputStream in) throws IOException {
            return new TestRequest(in.readInt(), in.readLong(), in.readLong(), in.readBoolean(), in.readInt());
        }

        /** Why the server refuses this request, or {@code null} when it is within the limits. */
        String problemWith(NetServerLimits limits) {
            if (streams < 1 || streams > limits.maxStreams()) {
                return "this server accepts 1 to " + limits.maxStreams() + " streams, asked for " + streams;
            }
            if (omitMs < 0 || durationMs < 100 || omitMs + durationMs > limits.maxTestDuration().toMillis()) {
                return "this server accepts tests (warm-up included) of 100 ms to " + limits.maxTestDuration().toMillis()
                        + " ms, asked for " + (omitMs + durationMs) + " ms";
            }
            if (blockSizeBytes < 1024 || blockSizeBytes > (16 << 20)) {
                return "block size must be 1 KiB to 16 MiB, asked for " + blockSizeBytes + " bytes";
            }
            return null;
        }
    }

    /** What one side counted: bytes per stream and the time from its start to its last stream's end. */
    record Totals(long[] bytesByStream, long elapsedNs) {

        long bytes() {
            long total = 0;
            for (long b : bytesByStream) {
                total += b;
            }
            return total;
        }

        double bytesPerSecond() {
            return elapsedNs > 0 ? bytes() * 1e9 / elapsedNs : 0;
        }

        void writeTo(DataOutputStream out) throws IOException {
            out.writeInt(bytesByStream.length);
            for (long b : bytesByStream) {
                out.writeLong(b);
            }
            out.writeLong(elapsedNs);
        }

        static Totals readFrom(DataInputStream in, int expectedStreams) throws IOException {
            int streams = in.readInt();
            if (streams != expectedStreams) {
                throw new IOException("server reported " + streams + " streams, expected " + expectedStreams);
            }
            long[] bytes = new long[streams];
            for (int i = 0; i < streams; i++) {
                bytes[i] = in.readLong();
            }
            return new Totals(bytes, in.readLong());
        }
    }
}
