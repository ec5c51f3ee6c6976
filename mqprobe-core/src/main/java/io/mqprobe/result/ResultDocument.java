package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.load.IntervalRow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The result of one command, in the shape of {@code docs/result-schema.md}. Mutated while the run
 * goes on (from the run thread and the monitor thread), serialized by {@link ResultFile} under this
 * object's lock, so every write is a consistent snapshot.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
@JsonPropertyOrder({"schema", "mqprobeVersion", "command", "argv", "complete", "interrupted", "failure", "startedAt",
        "finishedAt", "target", "environment", "ceilings", "thresholds", "scenarios", "intervals", "timeline", "summary"})
public final class ResultDocument {

    public static final String SCHEMA = "mqprobe.result/v1";

    /**
     * Where the load went; client properties are already redacted. {@code isolation} says how embedded brokers
     * and the load generator were confined ("cgroups v1, brokers 0.5c1g each, ...; load generator 0.5 cores
     * on cpu 1, oversubscribed"), or null.
     */
    public record TargetInfo(String driver, String bootstrap, boolean embedded, List<BrokerEntry> brokers,
                             Map<String, String> clientProperties, String isolation) {
        public TargetInfo(String driver, String bootstrap, boolean embedded, List<BrokerEntry> brokers,
                          Map<String, String> clientProperties) {
            this(driver, bootstrap, embedded, brokers, clientProperties, null);
        }
    }

    public record BrokerEntry(int id, String host, int port) {
    }

    /** Physical ceilings the verdict compares against ({@code null} = unknown). */
    public record Ceilings(Double diskWriteBytesPerSecond, String diskSource, Double nicBytesPerSecond, String nicSource) {
    }

    /** The field's one-line capacity statement and the lines behind it. */
    public record Summary(String headline, List<String> lines, boolean clientLimited, List<String> notes) {
    }

    public final String schema = SCHEMA;
    public final String mqprobeVersion;
    public final String command;
    public final List<String> argv;
    public boolean complete;
    public boolean interrupted;
    public String failure;
    public final String startedAt;
    public String finishedAt;
    public TargetInfo target;
    public final RunEnvironment environment = RunEnvironment.capture();
    public Ceilings ceilings;
    public Object thresholds;
    public final List<ScenarioResult> scenarios = new ArrayList<>();
    public final List<IntervalRow> intervals = new ArrayList<>();
    public final List<ResourceSample> timeline = new ArrayList<>();
    public Summary summary;

    public ResultDocument(String command, List<String> argv) {
        this.mqprobeVersion = version();
        this.command = command;
        this.argv = List.copyOf(argv);
        this.startedAt = Instant.now().toString();
    }

    public synchronized ScenarioResult addScenario(ScenarioResult scenario) {
        scenarios.add(scenario);
        return scenario;
    }

    public synchronized void addStep(ScenarioResult scenario, StepResult step) {
        scenario.steps.add(step);
    }

    public synchronized void addInterval(IntervalRow row) {
        intervals.add(row);
    }

    public synchronized void addSample(ResourceSample sample) {
        timeline.add(sample);
    }

    /** Samples taken within {@code [fromEpochMs, toEpochMs]}. */
    public synchronized List<ResourceSample> samplesBetween(long fromEpochMs, long toEpochMs) {
        return timeline.stream().filter(s -> s.epochMs() >= fromEpochMs && s.epochMs() <= toEpochMs).toList();
    }

    public synchronized void finish(boolean wasInterrupted, String failureReason) {
        this.interrupted = wasInterrupted;
        this.failure = failureReason;
        this.complete = !wasInterrupted && failureReason == null;
        this.finishedAt = Instant.now().toString();
    }

    private static String version() {
        String v = ResultDocument.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-dev" : v;
    }
}
