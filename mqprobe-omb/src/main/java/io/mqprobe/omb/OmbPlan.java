package io.mqprobe.omb;

import io.mqprobe.load.BacklogSpec;
import io.mqprobe.load.KeyDistributor;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.stamp.MessageStamp;
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

    /** Building and draining a backlog may take at least this long before mqprobe gives up on it. */
    static final Duration BACKLOG_BOUND_FLOOR = Duration.ofMinutes(2);

    /** How long mqprobe runs a workload, when the command shortens OMB's minutes for a quick try. */
    public record Timing(Duration test, Duration warmup, Duration drain) {
    }

    /**
     * @param origin      the workload file (named in refusals)
     * @param topicPrefix topics are {@code <prefix>-0 .. <prefix>-(topics-1)}, each subscription a consumer group:
     *                    {@code <prefix>-sub}, or {@code <prefix>-sub-0 ..} when there are several
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
        // what mqprobe runs differently from OMB's driver leads the run's notes, then the workload file's
        List<String> notes = new ArrayList<>(driver.notes());
        notes.addAll(w.readNotes());
        Duration measured = test != null ? test : w.testDuration();
        Duration warm = warmup != null ? warmup : w.warmupDuration();
        List<String> names = IntStream.range(0, w.topics()).mapToObj(i -> topicPrefix + "-" + i).toList();
        List<TopicSpec> topics = names.stream()
                .map(n -> TopicSpec.of(n, w.partitionsPerTopic(), driver.replicationFactor()).withConfigs(driver.topicConfig()))
                .toList();
        if (!driver.reset()) {
            notes.add("reset: false has no effect: mqprobe always creates fresh topics and deletes them after the run");
        }
        BacklogSpec backlog = backlog(w, measured, notes);
        // the producers' length is a bound when a backlog is built: the backlog phase ends their sending
        Duration sending = warm.plus(measured).plus(backlog == null ? Duration.ZERO : backlog.bound());
        // thread i of the load writes to topic i % topics: producersPerTopic senders on every topic
        ProducerLoadSpec producers = new ProducerLoadSpec(names.get(0), w.producersPerTopic() * w.topics(), 1, false,
                w.messageSizeBytes(), w.producerRatePerSecond(), 0, sending, payload(w, notes),
                driver.producerProperties(), true, names.subList(1, names.size())).withKeys(w.keyDistributor());
        if (w.subscriptionsPerTopic() == 0) {
            return new OmbPlan(w, driver, topics, new StepLoad.Produce(producers), warm, notes);
        }
        // each subscription is a consumer group of its own over every topic, reading every message
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(names, topicPrefix + "-sub", w.consumerPerSubscription() * w.topics(),
                0, sending.plus(drain), driver.consumerProperties(), w.subscriptionsPerTopic());
        return new OmbPlan(w, driver, topics, new StepLoad.ProduceAndConsume(producers, consumers, backlog), warm, notes);
    }

    /**
     * OMB's backlog: build {@code consumerBacklogSizeGB} with the consumers paused, drain it, then measure the test's
     * time. OMB waits for that without end; mqprobe gives building and draining five times the time the building
     * alone needs at the workload's rate (at least two minutes), then stops and says how far it got.
     */
    private static BacklogSpec backlog(OmbWorkload w, Duration measured, List<String> notes) {
        if (w.consumerBacklogSizeGB() == 0) {
            return null;
        }
        long targetBytes = (long) (w.consumerBacklogSizeGB() * (1L << 30));
        double bytesPerSecond = w.producerRatePerSecond() * w.subscriptionsPerTopic() * w.messageSizeBytes();
        Duration bound = Duration.ofSeconds(Math.max(BACKLOG_BOUND_FLOOR.toSeconds(), (long) Math.ceil(5 * targetBytes / bytesPerSecond)));
        BacklogSpec backlog = new BacklogSpec(targetBytes, w.messageSizeBytes(), w.subscriptionsPerTopic(),
                w.backlogDrainRatio(), measured, bound);
        notes.add(String.format(Locale.ROOT, "consumerBacklogSizeGB %s: the consumers paused after the warm-up until "
                        + "%,d bytes were unread, then drained them to %,d records; the test's time was measured after that "
                        + "(building and draining bounded by %d s)", number(w.consumerBacklogSizeGB()), targetBytes,
                backlog.drainedRecords(), bound.toSeconds()));
        return backlog;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static void refuseWhatMqprobeCannotRun(OmbWorkload w, String origin) {
        if (w.consumerBacklogSizeGB() > 0 && w.producerRatePerSecond() == 0) {
            // as OMB: a rate search and a backlog at once would each disturb what the other measures
            throw new UsageException("consumerBacklogSizeGB in " + origin + " needs a producerRate: a backlog cannot be "
                    + "built while the rate is searched (producerRate 0), as in OMB");
        }
        if (w.consumerBacklogSizeGB() > 0 && w.subscriptionsPerTopic() == 0) {
            throw new UsageException("consumerBacklogSizeGB in " + origin + " needs consumers to drain it: "
                    + "subscriptionsPerTopic is 0");
        }
        if (!w.messageSizeDistribution().isEmpty()) {
            throw new UsageException("messageSizeDistribution in " + origin + " is not supported yet: mqprobe sends one"
                    + " messageSize; remove it");
        }
        if (w.subscriptionsPerTopic() > ConsumerLoadSpec.MAX_GROUPS) {
            throw new UsageException("subscriptionsPerTopic " + w.subscriptionsPerTopic() + " in " + origin
                    + " is more than mqprobe runs (" + ConsumerLoadSpec.MAX_GROUPS + " consumer groups)");
        }
        int producers = w.producersPerTopic() * w.topics();
        if (producers > ProducerLoadSpec.MAX_STREAMS) {
            throw new UsageException(String.format(Locale.ROOT, "producersPerTopic %d × topics %d in %s is %,d producers,"
                    + " more than mqprobe runs in one load (%,d)", w.producersPerTopic(), w.topics(), origin, producers,
                    ProducerLoadSpec.MAX_STREAMS));
        }
        int consumers = w.consumerPerSubscription() * w.topics();
        if (w.subscriptionsPerTopic() > 0 && consumers > ConsumerLoadSpec.MAX_THREADS) {
            throw new UsageException(String.format(Locale.ROOT, "consumerPerSubscription %d × topics %d in %s is %,d consumers"
                    + " in each subscription, more than mqprobe runs in one group (%,d)", w.consumerPerSubscription(),
                    w.topics(), origin, consumers, ConsumerLoadSpec.MAX_THREADS));
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
        StepLoad paced = load instanceof StepLoad.ProduceAndConsume pc
                ? new StepLoad.ProduceAndConsume(producers, pc.consumers(), pc.backlog()) : new StepLoad.Produce(producers);
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new OmbPlan(workload, driver, topics, paced, warmup, more);
    }

    /** The producers of the step. */
    public ProducerLoadSpec producers() {
        return load.producerSpec().orElseThrow();
    }

    /** Subscriptions per topic that ran: what OMB's backlog counts deliveries against. */
    public int subscriptions() {
        return load.consumerSpec().map(ConsumerLoadSpec::groups).orElse(0);
    }
}
