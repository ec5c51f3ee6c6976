package io.mqprobe.monitor.jfr;

import io.mqprobe.api.OwnedTempFiles;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import jdk.management.jfr.FlightRecorderMXBean;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * The one broker-side channel of a broker: a JDK Flight Recorder recording made on the broker over the JMX connection
 * the monitors already hold ({@code jdk.management.jfr}'s FlightRecorderMXBean), read by cloning it every
 * {@link #READ_INTERVAL} and reading the clone. Cloning works on every JDK with the recorder bean (11 and later); the
 * JDK's own remote stream ({@code RemoteRecordingStream}) delivers only its first second when mqprobe runs on JDK 17
 * (measured here: later events came only to a JDK 25 client). The recording holds only the events its parts enable,
 * so a broker pays for what is read. A broker that refuses it (a read-only JMX role, a JVM without the recorder) is
 * not an error: {@link #start} says why in one line.
 */
public final class BrokerRecording implements AutoCloseable {

    /**
     * Each read clones the recording, which ends a chunk on the broker: read every 2 s it cost an idle broker 13
     * millicores (3 rounds, 3 brokers: +20, +3, +17), every 5 s 6.4 (+10, +7, +2; bench/recording-cost.sh --rate 0), about
     * 1.6 % of a broker busy with 0.4 cores. The events carry their own times, so a later read only delays them.
     */
    static final Duration READ_INTERVAL = Duration.ofSeconds(5);
    /** The broker keeps this much of the recording: a read's worth and a margin. */
    private static final String MAX_AGE = "7 s";
    /**
     * A read copies the clone in blocks this large, one JMX call each; the JDK's default of 50,000 bytes took four to
     * six calls for a chunk of 5 s (its metadata alone is about 100 kB).
     */
    static final String BLOCK_BYTES = "1000000";
    private static final String BEAN = "jdk.management.jfr:type=FlightRecorder";

    private final FlightRecorderMXBean recorder;
    private final long recordingId;
    private final List<RecordingPart> parts;
    private final Path spool;
    private final Thread reader;
    private final Duration readInterval;
    /** Events the reads copied, each new or not: how much of the broker's recording crossed the wire again. */
    private final AtomicLong eventsCopied = new AtomicLong();
    private final AtomicReference<String> failure = new AtomicReference<>();
    private volatile boolean closed;
    private Instant seenUpTo = Instant.MIN;
    /**
     * Where the next read starts, on the broker's clock: just after the last clone stopped. A clone holds every chunk the
     * broker keeps, the one the last read copied among them; each read copied 10 s of events for 5 s of new ones, and
     * the copying was half of what a broker spent on mqprobe's JMX (an unconfined plain Kafka broker at its ceiling: 12
     * of 22 samples in the JMX threads, of 216). Null before the first read.
     */
    private Instant nextChunkFrom;

    private BrokerRecording(FlightRecorderMXBean recorder, long recordingId, List<RecordingPart> parts, Path spool, String name,
                            Duration readInterval) {
        this.recorder = recorder;
        this.readInterval = readInterval;
        this.recordingId = recordingId;
        this.parts = List.copyOf(parts);
        this.spool = spool;
        this.reader = new Thread(this::readUntilClosed, "mqprobe-jfr-" + name);
        this.reader.setDaemon(true);
    }

    /**
     * Starts a recording on the JVM behind {@code server} with each part's settings, and a thread that hands each part
     * the new events every {@link #READ_INTERVAL}.
     *
     * @param name names the reader thread (the broker's address)
     * @throws RecordingRefusedException with a one-line reason when the broker cannot or may not record
     */
    public static BrokerRecording start(MBeanServerConnection server, List<RecordingPart> parts, String name)
            throws RecordingRefusedException {
        return start(server, parts, name, READ_INTERVAL);
    }

    static BrokerRecording start(MBeanServerConnection server, List<RecordingPart> parts, String name, Duration readInterval)
            throws RecordingRefusedException {
        Long id = null;
        FlightRecorderMXBean recorder = null;
        try {
            ObjectName bean = new ObjectName(BEAN);
            if (!server.isRegistered(bean)) {
                throw new RecordingRefusedException("the broker's JVM has no flight recorder bean (" + BEAN + ")", null);
            }
            recorder = JMX.newMXBeanProxy(server, bean, FlightRecorderMXBean.class);
            id = recorder.newRecording();
            recorder.setRecordingOptions(id, Map.of("name", "mqprobe", "maxAge", MAX_AGE, "disk", "true"));
            recorder.setRecordingSettings(id, settings(parts));
            recorder.startRecording(id);
            // deleted on exit; one left by a run ended by kill -9 goes with the next run's first
            Path spool = OwnedTempFiles.file(OwnedTempFiles.Kind.JFR, ".jfr");
            BrokerRecording recording = new BrokerRecording(recorder, id, parts, spool, name, readInterval);
            recording.reader.start();
            return recording;
        } catch (RecordingRefusedException e) {
            throw e;
        } catch (Exception | LinkageError e) {
            if (id != null) {
                closeQuietly(recorder, id);
            }
            throw new RecordingRefusedException(reason(e), e);
        }
    }

    /** Every part's settings together. */
    private static Map<String, String> settings(List<RecordingPart> parts) {
        Map<String, String> settings = new HashMap<>();
        parts.forEach(part -> settings.putAll(part.settings()));
        return settings;
    }

    /**
     * Applies the parts' settings as they are now to the running recording (a part that stopped or resumed sampling):
     * the broker changes them at once, no new recording. A broker gone is left to the reader to tell.
     */
    public void updateSettings() {
        try {
            recorder.setRecordingSettings(recordingId, settings(parts));
        } catch (RuntimeException e) {
            // the next read fails as well and says why
        }
    }

    long eventsCopied() {
        return eventsCopied.get();
    }

    /** Why the reading stopped, once it has; null while it runs. */
    public String failure() {
        return failure.get();
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        closeQuietly(recorder, recordingId);
        try {
            Files.deleteIfExists(spool);
        } catch (IOException e) {
            // a temporary file; the reader may still hold it for a moment
        }
    }

    private void readUntilClosed() {
        try {
            while (!closed) {
                Thread.sleep(readInterval.toMillis());
                if (parts.stream().anyMatch(RecordingPart::reading)) {
                    readNewEvents();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception | LinkageError e) {
            if (!closed) {
                failure.compareAndSet(null, reason(e));
            }
        }
    }

    /**
     * Clones the recording (stopped, so its data is complete), copies the clone's chunks that the last read did not
     * here and hands on what is new.
     */
    private void readNewEvents() throws Exception {
        long clone = recorder.cloneRecording(recordingId, true);
        try (OutputStream out = Files.newOutputStream(spool)) {
            Map<String, String> options = new HashMap<>(Map.of("blockSize", BLOCK_BYTES));
            if (nextChunkFrom != null) {
                options.put("startTime", nextChunkFrom.toString());
            }
            long stream = recorder.openStream(clone, options);
            try {
                for (byte[] block = recorder.readStream(stream); block != null; block = recorder.readStream(stream)) {
                    out.write(block);
                }
            } finally {
                recorder.closeStream(stream);
            }
            nextChunkFrom = stopTime(clone).map(stopped -> stopped.plusMillis(1)).orElse(null);
        } finally {
            recorder.closeRecording(clone);
        }
        Instant newest = seenUpTo;
        try (RecordingFile file = new RecordingFile(spool)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                eventsCopied.incrementAndGet();
                if (event.getEndTime().isAfter(seenUpTo)) {
                    parts.forEach(part -> part.onEvent(event));
                    newest = newest.isAfter(event.getEndTime()) ? newest : event.getEndTime();
                }
            }
        }
        seenUpTo = newest;
    }

    /** When the clone stopped (the end of its last chunk), on the broker's clock; empty when the broker does not say. */
    private Optional<Instant> stopTime(long clone) {
        return recorder.getRecordings().stream().filter(r -> r.getId() == clone && r.getStopTime() > 0).findFirst()
                .map(r -> Instant.ofEpochMilli(r.getStopTime()));
    }

    private static void closeQuietly(FlightRecorderMXBean recorder, long id) {
        try {
            recorder.closeRecording(id);
        } catch (IOException | RuntimeException e) {
            // the broker may be gone already; its recording went with it
        }
    }

    /** The refusal as a person reads it: JMX's access-control message names the read-only role. */
    static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SecurityException) {
                return "JMX refused to start a recording (" + oneLine(t) + "; a read-only JMX role may only read attributes)";
            }
        }
        return oneLine(e);
    }

    private static String oneLine(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return t.getMessage().replaceAll("\\s+", " ").trim();
            }
        }
        return e.getClass().getSimpleName();
    }

    /** A broker that cannot or may not record; its message is one line for the user. */
    public static final class RecordingRefusedException extends Exception {
        RecordingRefusedException(String reason, Throwable cause) {
            super(reason, cause);
        }
    }
}
