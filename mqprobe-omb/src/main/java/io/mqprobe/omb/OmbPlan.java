package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.MessageStamp;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * One OMB workload as mqprobe runs it: its topics, one step of producers (and consumers) on mqprobe's send path,
 * and the notes where mqprobe does something other than OMB would. What mqprobe cannot run yet is refused here in
 * one line naming the field and the file, never skipped.
 *
 * @param warmup excluded from the measured figures, as OMB's warm-up is
 * @param notes  differences from OMB this run has (written to the result and to OMB's file)
 */
public record OmbPlan(OmbWorkload workload, OmbDriverConfig driver, List<TopicSpec> topics, StepLoad load,
                      Duration warmup, List<String> notes) {

    public OmbPlan {
        topics = List.copyOf(topics);
        notes = List.copyOf(notes);
    }

    /** How long mqprobe runs a workload, when the command shortens OMB's minutes for a quick try. */
    public record Timing(Duration test, Duration warmup, Duration drain) {
    }

    /**
     * @param origin      the workload file (named in refusals)
     * @param topicPrefix topics are {@code <prefix>-0 .. <prefix>-(topics-1)}, the group {@code <prefix>-sub-0}
     * @param test        measured time, or {@code null} for the workload's {@code testDurationMinutes}
     * @param warmup      warm-up, or {@code null} for the workload's {@code warmupDurationMinutes}
     * @param drain       how long consumers may catch up after the producers stop
     */
    public static OmbPlan of(OmbWorkload w, String origin, OmbDriverConfig driver, String topicPrefix, Duration test,
                             Duration warmup, Duration drain) {
        refuseWhatMqprobeCannotRun(w, origin);
        try {
            return plan(w, driver, topicPrefix, test, warmup, drain);
        } catch (UsageException e) {
            // the load specs' own limits (clients, consumers, sizes) name no file: this one does
            throw new UsageException(origin + ": " + e.getMessage());
        }
    }

    private static OmbPlan plan(OmbWorkload w, OmbDriverConfig driver, String topicPrefix, Duration test, Duration warmup,
                                Duration drain) {
        List<String> notes = new ArrayList<>();
        Duration measured = test != null ? test : w.testDuration();
        Duration warm = warmup != null ? warmup : w.warmupDuration();
        List<String> names = IntStream.range(0, w.topics()).mapToObj(i -> topicPrefix + "-" + i).toList();
        List<TopicSpec> topics = names.stream()
                .map(n -> TopicSpec.of(n, w.partitionsPerTopic(), driver.replicationFactor()).withConfigs(driver.topicConfig()))
                .toList();
        if (!driver.reset()) {
            notes.add("reset: false has no effect: mqprobe always creates fresh topics and deletes them after the run");
        }
        // thread i of the load writes to topic i % topics: producersPerTopic senders on every topic
        ProducerLoadSpec producers = new ProducerLoadSpec(names.get(0), w.producersPerTopic() * w.topics(), 1, false,
                w.messageSizeBytes(), w.producerRatePerSecond(), 0, warm.plus(measured), payload(w, notes),
                driver.producerProperties(), true, names.subList(1, names.size())).withKeys(w.keyDistributor());
        if (w.subscriptionsPerTopic() == 0) {
            return new OmbPlan(w, driver, topics, new StepLoad.Produce(producers), warm, notes);
        }
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(names, topicPrefix + "-sub-0",
                w.consumerPerSubscription() * w.topics(), 0, warm.plus(measured).plus(drain), driver.consumerProperties());
        return new OmbPlan(w, driver, topics, new StepLoad.ProduceAndConsume(producers, consumers), warm, notes);
    }

    private static void refuseWhatMqprobeCannotRun(OmbWorkload w, String origin) {
        if (w.consumerBacklogSizeGB() > 0) {
            throw new UsageException("consumerBacklogSizeGB " + w.consumerBacklogSizeGB() + " in " + origin
                    + " is not supported yet (building a backlog, then draining it); set it to 0");
        }
        if (!w.messageSizeDistribution().isEmpty()) {
            throw new UsageException("messageSizeDistribution in " + origin + " is not supported yet: mqprobe sends one"
                    + " messageSize; remove it");
        }
        if (w.subscriptionsPerTopic() > 1) {
            throw new UsageException("subscriptionsPerTopic " + w.subscriptionsPerTopic() + " in " + origin
                    + " is not supported yet: mqprobe runs one subscription (consumer group) per workload; use 0 or 1");
        }
        if (w.messageSizeBytes() < MessageStamp.SIZE_BYTES) {
            throw new UsageException("messageSize " + w.messageSizeBytes() + " in " + origin + " is too small: mqprobe stamps "
                    + MessageStamp.SIZE_BYTES + " bytes (producer, sequence, send time) into every message");
        }
    }

    /** OMB's payload choices in mqprobe's terms: a random share of bytes is a compression ratio. */
    private static PayloadSpec payload(OmbWorkload w, List<String> notes) {
        if (w.useRandomizedPayloads()) {
            if (w.randomizedPayloadPoolSize() > 0) {
                notes.add("randomizedPayloadPoolSize " + w.randomizedPayloadPoolSize() + ": mqprobe varies bodies by"
                        + " reading windows of one pre-built pool, not by keeping that many payloads");
            }
            double randomShare = Math.max(0.01, w.randomBytesRatio());
            return randomShare >= 0.99 ? new PayloadSpec.Random() : new PayloadSpec.Compressible(1 / randomShare);
        }
        if (w.payloadFile() != null && Files.isReadable(w.payloadFile())) {
            return new PayloadSpec.FromFile(w.payloadFile());
        }
        notes.add(String.format(Locale.ROOT, "%s: bodies are generated random bytes of messageSize %d",
                w.payloadFile() == null ? "no payloadFile" : "payloadFile " + w.payloadFile() + " not found",
                w.messageSizeBytes()));
        return new PayloadSpec.Random();
    }

    /** OMB's {@code producerRate: 0}: the workload asks for the most the cluster takes, a rate to be searched. */
    public boolean searchesRate() {
        return workload.producerRatePerSecond() == 0;
    }

    /** The same workload offered at {@code recordsPerSecond}, with {@code note} saying where the rate came from. */
    public OmbPlan atRate(double recordsPerSecond, String note) {
        ProducerLoadSpec producers = producers().withTargetRate(recordsPerSecond);
        StepLoad paced = load.consumerSpec().<StepLoad>map(c -> new StepLoad.ProduceAndConsume(producers, c))
                .orElseGet(() -> new StepLoad.Produce(producers));
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new OmbPlan(workload, driver, topics, paced, warmup, more);
    }

    /** The producers of the step. */
    public ProducerLoadSpec producers() {
        return load.producerSpec().orElseThrow();
    }

    /** Subscriptions per topic that ran (0 or 1): what OMB's backlog counts deliveries against. */
    public int subscriptions() {
        return load.consumerSpec().isPresent() ? 1 : 0;
    }
}
