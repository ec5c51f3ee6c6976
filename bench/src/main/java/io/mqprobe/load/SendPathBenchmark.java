package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import io.mqprobe.stats.SendStats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * mqprobe's own per-message work, without a client: stamping, the payload copy, the in-flight ring, the
 * latency recorders and counters. The producer completes every send inline, so what JMH's {@code -prof gc}
 * reports as {@code gc.alloc.rate.norm} is what mqprobe allocates per message (the goal: 0 B/op).
 *
 * <pre>java -cp 'bench/target/classes:bench/target/lib/*' org.openjdk.jmh.Main -prof gc SendPathBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SendPathBenchmark {

    private static final int MESSAGES = 100_000;

    private SendStream stream;
    private SendStats stats;
    private PayloadPool pool;
    private byte[] body;
    private long seq;

    /** Acknowledges on the calling thread, as fast as possible: only mqprobe's side of a send remains. */
    private static final class InlineAck implements MessageProducer {
        @Override
        public void send(String topic, byte[] value, long token, SendCallback callback) {
            callback.onSendComplete(token, null);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        stats = new SendStats();
        pool = PayloadPool.build(new PayloadSpec.Random(), 1024, 1);
        body = new byte[1024];
        // unthrottled with the async ring of a real load: every message takes a slot and frees it
        stream = new SendStream(1, new InlineAck(), "bench", pool, NanoClock.SYSTEM, stats,
                new SendStream.Schedule(System.nanoTime(), 0, Long.MAX_VALUE), MESSAGES, 1 << 16, false);
    }

    /** One run of {@link #MESSAGES} sends, through the same loop a load uses. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void sendPath() {
        stream.run();
    }

    /** Once a second in a real load: the interval snapshot with recycled histograms. */
    @Benchmark
    public Object intervalSnapshot() {
        stats.onSent(10);
        stats.onAcked(1024, 100, 100, 1);
        return stats.snapshot(0);
    }

    @Benchmark
    public byte[] payloadFill() {
        pool.fill(body, seq++);
        return body;
    }
}
