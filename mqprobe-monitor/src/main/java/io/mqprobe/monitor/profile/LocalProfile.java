package io.mqprobe.monitor.profile;

import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;
import jdk.jfr.consumer.RecordingStream;

import java.time.Duration;
import java.util.List;

/**
 * mqprobe's own JVM (the load generator, source {@code client}) profiled by its own flight recorder: a local stream
 * delivers events about once a second, nothing to clone. It adds no resource samples; its events go to the store.
 */
public final class LocalProfile implements Sampler {

    private final RecordingStream stream;

    /** Starts recording this JVM; a JVM without the recorder is reported by {@link #start}'s caller in one line. */
    private LocalProfile(RecordingStream stream) {
        this.stream = stream;
    }

    /** @throws IllegalStateException when this JVM cannot record (no flight recorder, or it is disabled) */
    public static LocalProfile start(ProfileStore store) {
        StackProfile part = new StackProfile(store, () -> Sources.CLIENT, false);
        RecordingStream stream = new RecordingStream();
        stream.setSettings(part.settings());
        stream.setMaxAge(Duration.ofSeconds(10));
        stream.onEvent(part::onEvent);
        stream.startAsync();
        store.onSamplingChange(() -> stream.setSettings(part.settings()));
        return new LocalProfile(stream);
    }

    @Override
    public String name() {
        return "profile client";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        return List.of();
    }

    @Override
    public void close() {
        stream.close();
    }
}
