package io.mqprobe.stamp;

/**
 * The header mqprobe writes at the start of every message body: magic, producer stream id, sequence
 * number and intended send time. Consumers use it for end-to-end latency and loss / duplicate /
 * reorder checks. Fixed layout, big-endian, {@value #SIZE_BYTES} bytes.
 */
public final class MessageStamp {

    /** "MQPB": lets consumers skip messages mqprobe did not write. */
    public static final int MAGIC = 0x4D515042;
    public static final int SIZE_BYTES = 28;

    private MessageStamp() {
    }

    public static void write(byte[] target, long streamId, long sequence, long sendEpochMicros) {
        putInt(target, 0, MAGIC);
        putLong(target, 4, streamId);
        putLong(target, 12, sequence);
        putLong(target, 20, sendEpochMicros);
    }

    /** True when the body starts with an mqprobe stamp. */
    public static boolean isStamped(byte[] value) {
        return value != null && value.length >= SIZE_BYTES && getInt(value, 0) == MAGIC;
    }

    public static long streamId(byte[] value) {
        return getLong(value, 4);
    }

    public static long sequence(byte[] value) {
        return getLong(value, 12);
    }

    public static long sendEpochMicros(byte[] value) {
        return getLong(value, 20);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    private static void putLong(byte[] b, int at, long v) {
        putInt(b, at, (int) (v >>> 32));
        putInt(b, at + 4, (int) v);
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    private static long getLong(byte[] b, int at) {
        return ((long) getInt(b, at) << 32) | (getInt(b, at + 4) & 0xffffffffL);
    }
}
