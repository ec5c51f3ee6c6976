package io.mqprobe.monitor.jfr;

import jdk.jfr.consumer.RecordedEvent;

import java.util.Map;

/** What one reader of a broker's recording needs from it: the events it enables and what it does with them. */
public interface RecordingPart {

    /** JFR settings for this part's events, as {@code jdk.ContainerCPUThrottling#period} → {@code 1 s}. */
    Map<String, String> settings();

    /**
     * Whether this part wants its events now. A recording none of whose parts does is not read: each read makes the
     * broker end a chunk and serve it over JMX, code its JIT then compiles during a probe's warm-up.
     */
    default boolean reading() {
        return true;
    }

    /** Called on the recording's reader thread with each new event of the types this part enabled. */
    void onEvent(RecordedEvent event);
}
