package io.mqprobe.load;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;

/**
 * Which key each message carries; keys choose the partition (the same key, the same partition, in order). The names
 * are OpenMessaging Benchmark's ({@code keyDistributor}), and so is the shape: keys are drawn from one fixed set of
 * {@value #DISTINCT} random ten-character keys, made once, so choosing one allocates nothing on the send path. The set
 * comes from a fixed seed: two runs spread their messages over the partitions alike.
 */
public enum KeyDistributor {

    /** No key: the client spreads messages itself (Kafka's sticky partitioner). */
    NO_KEY {
        @Override
        byte[] key(long seq) {
            return null;
        }
    },

    /** Each sender cycles through the keys in order, one message each. */
    KEY_ROUND_ROBIN {
        @Override
        byte[] key(long seq) {
            return KEYS[(int) (seq % DISTINCT)];
        }
    },

    /** A key chosen by the clock's nanoseconds, as good as random per message. */
    RANDOM_NANO {
        @Override
        byte[] key(long seq) {
            return KEYS[(int) Math.floorMod(System.nanoTime(), (long) DISTINCT)];
        }
    };

    /** How many different keys there are. */
    public static final int DISTINCT = 10_000;

    private static final byte[][] KEYS = keys();

    /** The key of a sender's message number {@code seq}, or null for none; never to be changed by the caller. */
    abstract byte[] key(long seq);

    private static byte[][] keys() {
        SplittableRandom random = new SplittableRandom(0x6d717072L);
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        byte[][] keys = new byte[DISTINCT][];
        byte[] raw = new byte[7];
        for (int i = 0; i < DISTINCT; i++) {
            for (int b = 0; b < raw.length; b++) {
                raw[b] = (byte) random.nextInt(256);
            }
            keys[i] = base64.encodeToString(raw).getBytes(StandardCharsets.US_ASCII);
        }
        return keys;
    }
}
