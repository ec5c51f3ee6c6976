package io.mqprobe.monitor.jfr;

import java.util.ArrayList;
import java.util.List;
import javax.management.MBeanServerConnection;

/**
 * A broker's recording across the life of its JMX connection: started on the first round that reaches the broker,
 * closed when the connection drops (a restarted broker gets a new one), and tried once per connection, so a broker
 * that refuses costs one attempt and one line, not one a second.
 */
public final class RecordingChannel implements AutoCloseable {

    private final List<RecordingPart> parts;
    private final List<String> notices = new ArrayList<>();
    /** Written by the sampler's thread, read by whichever thread changes a part's settings. */
    private volatile BrokerRecording recording;
    private boolean tried;
    private boolean failureTold;

    public RecordingChannel(List<RecordingPart> parts) {
        this.parts = List.copyOf(parts);
    }

    /** Starts the recording on {@code server} unless this connection already tried; {@code source} names the broker in lines. */
    public void ensureStarted(MBeanServerConnection server, String source) {
        if (tried) {
            if (recording != null && !failureTold && recording.failure() != null) {
                failureTold = true;
                notices.add(source + ": its flight recording stopped (" + recording.failure()
                        + "); streaming one over JMX needs JDK 16 or later on the broker");
            }
            return;
        }
        tried = true;
        try {
            recording = BrokerRecording.start(server, parts, source);
        } catch (BrokerRecording.RecordingRefusedException e) {
            notices.add(source + ": no flight recording over JMX (" + e.getMessage() + "); probed as before: its CPU limit,"
                    + " if any, is not read but inferred from the steps, and where its threads run is not profiled");
        }
    }

    /** Whether a recording runs (its parts receive events). */
    public boolean recording() {
        return recording != null && recording.failure() == null;
    }

    /** The parts' settings changed: the running recording takes them; a later one starts with them. */
    public void updateSettings() {
        BrokerRecording running = recording;
        if (running != null) {
            running.updateSettings();
        }
    }

    /** The connection dropped: the next connection starts a new recording. */
    public void reset() {
        close();
        tried = false;
        failureTold = false;
    }

    /** Lines not yet said, each said once. */
    public List<String> takeNotices() {
        List<String> taken = List.copyOf(notices);
        notices.clear();
        return taken;
    }

    @Override
    public void close() {
        if (recording != null) {
            recording.close();
            recording = null;
        }
    }
}
