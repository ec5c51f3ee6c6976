package io.mqprobe.bench;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The floor on the official client: a bare {@link DefaultMQProducer} loop, what the stock RocketMQ benchmark
 * producer does minus its statistics thread. {@code sync}: N threads each calling {@code send(msg)};
 * {@code async}: one thread calling {@code send(msg, callback)} with the client's own back-pressure on.
 * Prints one line: {@code floor MODE THREADS: SENT msgs, RATE msg/s, p99 P ms, FAILED failed, window FROM TO}, the
 * measured window's bounds in epoch milliseconds (so a sampler outside can take the process's CPU over it).
 *
 * <pre>java -cp 'bench/target/lib/*:bench/target/classes' io.mqprobe.bench.RocketMqProducerFloor NAMESRV TOPIC sync|async THREADS SIZE WARMUP_S MEASURE_S</pre>
 */
public final class RocketMqProducerFloor {

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: RocketMqProducerFloor NAMESRV TOPIC sync|async THREADS SIZE_BYTES WARMUP_S MEASURE_S");
            System.exit(2);
        }
        String nameServer = args[0];
        String topic = args[1];
        boolean async = args[2].equals("async");
        int threads = Integer.parseInt(args[3]);
        byte[] body = new byte[Integer.parseInt(args[4])];
        ThreadLocalRandom.current().nextBytes(body);
        long warmupNs = TimeUnit.SECONDS.toNanos(Long.parseLong(args[5]));
        long measureNs = TimeUnit.SECONDS.toNanos(Long.parseLong(args[6]));

        DefaultMQProducer producer = new DefaultMQProducer("floor-" + ProcessHandle.current().pid());
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("floor-" + ProcessHandle.current().pid());
        // the same window as mqprobe's RocketMQ driver: 512 async sends in flight
        producer.setEnableBackpressureForAsyncMode(true);
        producer.setBackPressureForAsyncSendNum(512);
        producer.start();

        Histogram latencyUs = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(60), 3);
        AtomicLong sent = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long startNs = System.nanoTime();
        long startEpochMs = System.currentTimeMillis();
        long measureStartNs = startNs + warmupNs;
        long endNs = measureStartNs + measureNs;
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < (async ? 1 : threads); t++) {
            Thread sender = new Thread(() -> {
                while (true) {
                    long sendNs = System.nanoTime();
                    if (sendNs >= endNs) {
                        return;
                    }
                    Message message = new Message(topic, body.clone());
                    boolean measured = sendNs >= measureStartNs;
                    try {
                        if (async) {
                            producer.send(message, new SendCallback() {
                                @Override
                                public void onSuccess(SendResult result) {
                                    record(measured, result.getSendStatus() == SendStatus.SEND_OK, sendNs, latencyUs, sent, failed);
                                }

                                @Override
                                public void onException(Throwable e) {
                                    record(measured, false, sendNs, latencyUs, sent, failed);
                                }
                            });
                        } else {
                            SendResult result = producer.send(message);
                            record(measured, result.getSendStatus() == SendStatus.SEND_OK, sendNs, latencyUs, sent, failed);
                        }
                    } catch (Exception e) {
                        record(measured, false, sendNs, latencyUs, sent, failed);
                    }
                }
            }, "floor-sender-" + t);
            sender.start();
            senders.add(sender);
        }
        for (Thread sender : senders) {
            sender.join();
        }
        Thread.sleep(producer.getSendMsgTimeout());   // async completions still on their way
        producer.shutdown();
        double seconds = measureNs / 1e9;
        System.out.printf(Locale.ROOT, "floor %s %d: %d msgs, %.0f msg/s, p99 %.2f ms, %d failed, window %d %d%n",
                async ? "async" : "sync", async ? 1 : threads, sent.get(), sent.get() / seconds,
                latencyUs.getValueAtPercentile(99) / 1000.0, failed.get(),
                startEpochMs + TimeUnit.NANOSECONDS.toMillis(warmupNs), startEpochMs + TimeUnit.NANOSECONDS.toMillis(warmupNs + measureNs));
    }

    private static void record(boolean measured, boolean ok, long sendNs, Histogram latencyUs, AtomicLong sent, AtomicLong failed) {
        if (!measured) {
            return;
        }
        if (ok) {
            latencyUs.recordValue(Math.min(latencyUs.getHighestTrackableValue(), (System.nanoTime() - sendNs) / 1000));
            sent.incrementAndGet();
        } else {
            failed.incrementAndGet();
        }
    }
}
