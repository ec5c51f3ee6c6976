package io.mqprobe.bench;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The physical floor of a load generator on the official client: {@code clients} KafkaProducers, one thread
 * each, sending one reused ProducerRecord in a loop with no callback, no stamp and no measurement. Paced
 * when a rate is given (open loop, like mqprobe). Prints one kafka-producer-perf-test style totals line.
 *
 * <pre>BareProducer BOOTSTRAP TOPIC RECORDS RECORD_SIZE RATE(0=unthrottled) CLIENTS [K=V ...]</pre>
 */
public final class BareProducer {

    private BareProducer() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 6) {
            System.err.println("usage: BareProducer BOOTSTRAP TOPIC RECORDS RECORD_SIZE RATE CLIENTS [K=V ...]");
            System.exit(2);
        }
        String bootstrap = args[0];
        String topic = args[1];
        long records = Long.parseLong(args[2]);
        int size = Integer.parseInt(args[3]);
        double rate = Double.parseDouble(args[4]);
        int clients = Integer.parseInt(args[5]);
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        for (int i = 6; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            props.put(kv[0], kv[1]);
        }
        byte[] value = new byte[size];
        new SplittableRandom(1).nextBytes(value);
        List<Producer<byte[], byte[]>> producers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Producer<byte[], byte[]> p = new KafkaProducer<>(props);
            p.partitionsFor(topic); // metadata before the clock starts, as mqprobe does
            producers.add(p);
        }
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, value);
        long startNs = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Producer<byte[], byte[]> p = producers.get(c);
            long share = records / clients + (c < records % clients ? 1 : 0);
            double intervalNs = rate > 0 ? 1e9 * clients / rate : 0;
            long offsetNs = (long) (c * intervalNs / clients);
            Thread t = new Thread(() -> {
                for (long i = 0; i < share; i++) {
                    if (intervalNs > 0) {
                        long due = startNs + offsetNs + (long) (i * intervalNs);
                        long wait;
                        while ((wait = due - System.nanoTime()) > 0) {
                            LockSupport.parkNanos(wait);
                        }
                    }
                    p.send(record);
                }
                p.flush();
            }, "bare-send-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - startNs) / 1e9;
        producers.forEach(Producer::close);
        System.out.printf(Locale.ROOT, "%d records sent, %f records/sec (%.2f MB/sec), no latency measured (no callback).%n",
                records, records / seconds, records * (double) size / seconds / (1024 * 1024));
    }
}
