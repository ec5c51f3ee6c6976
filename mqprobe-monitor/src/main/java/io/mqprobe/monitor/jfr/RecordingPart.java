package io.mqprobe.monitor.jfr;

import jdk.jfr.consumer.RecordedEvent;

import java.util.Map;

/** What one reader of a broker's recording needs from it: the events it enables and what it does with them. */
public interface RecordingPart {

    /** JFR settings for this part's events, as {@code jdk.ContainerCPUThrottling#period} → {@code 1 s}. */
    Map<String, String> settings();

    /** Called on the recording's reader thread with each new event of the types this part enabled. */
    void onEvent(RecordedEvent event);
}
