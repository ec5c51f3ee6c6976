package io.mqprobe.bench;

import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.monitor.jfr.BrokerRecording;
import io.mqprobe.monitor.jfr.ContainerLimits;
import io.mqprobe.monitor.profile.ProfileStore;
import io.mqprobe.monitor.profile.StackProfile;
import io.mqprobe.monitor.jfr.RecordingPart;
import jdk.jfr.consumer.RecordedEvent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Holds mqprobe's flight recording on each broker for a while, exactly as a probe holds it (a
 * {@link BrokerRecording} with a {@link ContainerLimits} part, cloned and read every few seconds), so that
 * {@code bench/recording-cost.sh} can measure what it costs the brokers. Prints one line once every recording
 * runs ("recording on N brokers"), then per broker the events the recording delivered and the samples
 * ContainerLimits made of them (none on a broker without a CPU or memory limit: the events still flow). With
 * {@code profile}, the probe's profile part (execution samples every 50 ms, waits over 10 ms) rides along, as a probe
 * holds it.
 * The recordings are closed on the broker at the end, also when the process is terminated.
 *
 * <pre>HoldRecording HOST:PORT[,HOST:PORT...] SECONDS [profile]</pre>
 */
public final class HoldRecording {

    private HoldRecording() {
    }

    /** One broker: its JMX connection, its recording and what came of it. */
    private static final class Held {
        final String address;
        final JMXConnector connector;
        final ContainerLimits limits = new ContainerLimits();
        /** The probe's profile of the broker (execution samples, waits), when asked for; else {@code null}. */
        final StackProfile profile;
        final LongAdder events = new LongAdder();
        final List<ResourceSample> samples = new ArrayList<>();
        volatile BrokerRecording recording;

        Held(String address, JMXConnector connector, ProfileStore profiles) {
            this.address = address;
            this.connector = connector;
            this.profile = profiles == null ? null : new StackProfile(profiles, () -> address, true);
        }

        /** ContainerLimits as the recording's only part, with every event counted on its way in. */
        RecordingPart countingPart() {
            return new RecordingPart() {
                @Override
                public Map<String, String> settings() {
                    Map<String, String> settings = new HashMap<>(limits.settings());
                    if (profile != null) {
                        settings.putAll(profile.settings());
                    }
                    return settings;
                }

                @Override
                public void onEvent(RecordedEvent event) {
                    events.increment();
                    limits.onEvent(event);
                    if (profile != null) {
                        profile.onEvent(event);
                    }
                }
            };
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3 || args.length == 3 && !args[2].equals("profile")) {
            System.err.println("usage: HoldRecording HOST:PORT[,HOST:PORT...] SECONDS [profile]");
            System.exit(2);
        }
        long holdMs = Long.parseLong(args[1]) * 1000;
        ProfileStore profiles = args.length == 3 ? new ProfileStore() : null;
        List<Held> held = new ArrayList<>();
        AtomicBoolean closed = new AtomicBoolean();
        // a recording left open would keep running on the broker after this JVM is gone: on TERM too, say what
        // each recording delivered and close it
        Runnable closeAll = () -> {
            if (closed.compareAndSet(false, true)) {
                synchronized (held) {
                    held.forEach(HoldRecording::report);
                    held.forEach(HoldRecording::close);
                }
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(closeAll, "close-recordings"));
        for (String address : args[0].split(",")) {
            try {
                JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address + "/jmxrmi");
                Held h = new Held(address, JMXConnectorFactory.connect(url), profiles);
                synchronized (held) {
                    held.add(h);
                }
                h.recording = BrokerRecording.start(h.connector.getMBeanServerConnection(), List.of(h.countingPart()), address);
            } catch (IOException | BrokerRecording.RecordingRefusedException e) {
                System.err.println("HoldRecording: " + address + ": " + e.getMessage());
                System.exit(1);   // the hook closes the recordings already started
            }
        }
        System.out.println("recording on " + held.size() + " brokers");
        System.out.flush();
        // collect once a second, as the monitors do; the readings arrive with each read of a clone
        long endMs = System.currentTimeMillis() + holdMs;
        for (long now = System.currentTimeMillis(); now < endMs; now = System.currentTimeMillis()) {
            Thread.sleep(Math.min(1000, endMs - now));
            synchronized (held) {
                for (Held h : held) {
                    h.limits.addSamples(System.currentTimeMillis(), h.address, h.samples);
                }
            }
        }
        closeAll.run();
    }

    private static void report(Held h) {
        if (h.recording == null) {
            return;
        }
        String failure = h.recording.failure();
        System.out.printf("%s: %d events, %d samples%s%n", h.address, h.events.sum(), h.samples.size(),
                failure == null ? "" : ", stopped: " + failure);
        System.out.flush();
    }

    private static void close(Held h) {
        if (h.recording != null) {
            h.recording.close();
        }
        try {
            h.connector.close();
        } catch (IOException e) {
            // the broker may be gone; its recording went with it
        }
    }
}
