package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.search.InstanceSizes;
import io.mqprobe.search.Thresholds;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of one command, in the shape of {@code docs/result-schema.md}. Written to while the run
 * goes on (the run thread, the action thread and the monitor thread) only through its intent methods,
 * which take this object's lock; {@link #toJson()} serializes under the same lock, so every written
 * file is a consistent snapshot. Callers never lock it themselves.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
@JsonPropertyOrder({"schema", "mqprobeVersion", "command", "experiment", "argv", "complete", "interrupted", "failure",
        "startedAt", "finishedAt", "target", "environment", "ceilings", "thresholds", "scenarios", "actions", "intervals",
        "timeline", "instanceSizes", "summary"})
public final class ResultDocument {

    public static final String SCHEMA = "mqprobe.result/v2";

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

    /**
     * Physical ceilings the verdict compares against.
     *
     * @param disk        the disk write ceiling, probed or configured; {@code null} when unknown
     * @param nic         the NIC ceiling, probed or configured; {@code null} when unknown
     * @param links       each broker's own link as the link probe measured it (brokers in network namespaces), else null
     * @param narrowLinks the links that carried clearly less than mqprobe set on them, one line each, else null
     *                    <p>
     *                    result.json holds the two ceilings flat ({@code diskWriteBytesPerSecond}, {@code diskSource},
     *                    {@code nicBytesPerSecond}, {@code nicSource}; null when unknown), as it did before the one
     *                    ceiling type, mapped as {@code Thresholds} maps its SLO
     */
    @JsonPropertyOrder({"diskWriteBytesPerSecond", "diskSource", "nicBytesPerSecond", "nicSource", "links", "narrowLinks"})
    public record Ceilings(@JsonIgnore Ceiling disk, @JsonIgnore Ceiling nic, List<LinkRate> links, List<String> narrowLinks) {

        /** Nothing measured or configured: what every command but the probe monitors against. */
        public static final Ceilings UNKNOWN = new Ceilings(null, null, null, null);

        public Ceilings(Ceiling disk, Ceiling nic) {
            this(disk, nic, null, null);
        }

        @JsonCreator
        static Ceilings read(@JsonProperty("diskWriteBytesPerSecond") Double diskBytesPerSecond,
                             @JsonProperty("diskSource") String diskSource, @JsonProperty("nicBytesPerSecond") Double nicBytesPerSecond,
                             @JsonProperty("nicSource") String nicSource, @JsonProperty("links") List<LinkRate> links,
                             @JsonProperty("narrowLinks") List<String> narrowLinks) {
            return new Ceilings(diskBytesPerSecond == null ? null : new Ceiling(diskBytesPerSecond, diskSource),
                    nicBytesPerSecond == null ? null : new Ceiling(nicBytesPerSecond, nicSource), links, narrowLinks);
        }

        @JsonProperty("diskWriteBytesPerSecond")
        Double diskWriteBytesPerSecond() {
            return disk == null ? null : disk.bytesPerSecond();
        }

        @JsonProperty("diskSource")
        String diskSource() {
            return disk == null ? null : disk.source();
        }

        @JsonProperty("nicBytesPerSecond")
        Double nicBytesPerSecond() {
            return nic == null ? null : nic.bytesPerSecond();
        }

        @JsonProperty("nicSource")
        String nicSource() {
            return nic == null ? null : nic.source();
        }
    }

    /**
     * The field's one-line capacity statement and the lines behind it.
     *
     * @param consistency contradictions between the scenarios of a probe, each with what was done about it; empty when none
     * @param table       figures in columns (a soak's minutes, a chaos run's faults), drawn as a table in every report
     *                    and aligned in the terminal; {@code null} without one
     */
    public record Summary(String headline, List<String> lines, boolean clientLimited, List<String> notes, List<String> consistency,
                          Table table) {

        public Summary {
            consistency = consistency == null ? List.of() : List.copyOf(consistency);
        }

        public Summary(String headline, List<String> lines, boolean clientLimited, List<String> notes) {
            this(headline, lines, clientLimited, notes, List.of(), null);
        }

        /** This summary with {@code more} notes after its own. */
        Summary withNote(String more) {
            List<String> all = new ArrayList<>(notes);
            all.add(more);
            return new Summary(headline, lines, clientLimited, all, consistency, table);
        }

        /**
         * Rows of figures under a header, every row as long as the header.
         *
         * @param header each column's name
         * @param rows   the figures as they read ("64.7", "219 ms", "-")
         */
        public record Table(List<String> header, List<List<String>> rows) {

            public Table {
                header = List.copyOf(header);
                rows = rows.stream().map(List::copyOf).toList();
                for (List<String> row : rows) {
                    if (row.size() != header.size()) {
                        throw new IllegalArgumentException("a row of " + row.size() + " figures under " + header.size()
                                + " columns: " + row);
                    }
                }
            }
        }
    }

    private final String schema;
    private final String mqprobeVersion;
    private final String command;
    private String experiment;
    private final List<String> argv;
    private boolean complete;
    private boolean interrupted;
    private String failure;
    private final String startedAt;
    private String finishedAt;
    private TargetInfo target;
    /** The machine that wrote the document; null in a file that did not say (read back, never this machine). */
    private final RunEnvironment environment;
    private Ceilings ceilings;
    private Thresholds thresholds;
    private final List<ScenarioResult> scenarios = new ArrayList<>();
    private final List<ActionRecord> actions = new ArrayList<>();
    private final List<IntervalRow> intervals = new ArrayList<>();
    private final List<ResourceSample> timeline = new ArrayList<>();
    /** Only a probe over several broker sizes ({@code --specs}): one row per size and scenario. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private List<InstanceSizes.Row> instanceSizes;
    private Summary summary;
    /** Only a run whose load ran in workers of its own ({@code --workers}): each worker and its clock. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private List<LoadWorkerEntry> loadWorkers;

    /**
     * A load worker of the run.
     *
     * @param clockOffsetUs      how far its wall clock ran ahead of the coordinator's when last measured; its send
     *                           times were stamped less this offset, so end-to-end latency is in the coordinator's time
     * @param clockUncertaintyUs what end-to-end latency of its messages may still be off by
     */
    public record LoadWorkerEntry(String name, long clockOffsetUs, long clockUncertaintyUs) {
    }

    public ResultDocument(String command, List<String> argv) {
        this.schema = SCHEMA;
        this.environment = RunEnvironment.capture();
        this.mqprobeVersion = version();
        this.command = command;
        this.experiment = command;
        this.argv = List.copyOf(argv);
        this.startedAt = Instant.now().toString();
    }

    /** A document as a result file holds it; Jackson fills its fields (see {@link ResultFile#read}). */
    @JsonCreator
    private ResultDocument() {
        this.schema = null;
        this.environment = null;
        this.mqprobeVersion = null;
        this.command = null;
        this.argv = List.of();
        this.startedAt = null;
    }

    // What a document read back holds (ResultReading); the writers use the intent methods below.

    /** The schema the document was written in ({@link #SCHEMA}, or {@code mqprobe.result/v1} for an older file). */
    public synchronized String schema() {
        return schema;
    }

    public synchronized String mqprobeVersion() {
        return mqprobeVersion;
    }

    /** The command that wrote the document ({@code probe}, {@code produce}, ...). */
    public synchronized String command() {
        return command;
    }

    /** The experiment kind ({@code probe}, {@code single-run}, {@code chaos}, ...); the command's name in older files. */
    public synchronized String experiment() {
        return experiment == null ? command : experiment;
    }

    public synchronized List<String> argv() {
        return argv == null ? List.of() : List.copyOf(argv);
    }

    /** True when the command finished without interruption or failure. */
    public synchronized boolean complete() {
        return complete;
    }

    public synchronized boolean interrupted() {
        return interrupted;
    }

    /** Why the command failed, if it did. */
    public synchronized Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    public synchronized String startedAt() {
        return startedAt;
    }

    /** When the command ended; empty while it runs (a partial result). */
    public synchronized Optional<String> finishedAt() {
        return Optional.ofNullable(finishedAt);
    }

    /** The machine that wrote the document, or null when its file did not say. */
    public synchronized RunEnvironment environment() {
        return environment;
    }

    public synchronized Optional<Ceilings> ceilings() {
        return Optional.ofNullable(ceilings);
    }

    public synchronized Optional<Thresholds> thresholds() {
        return Optional.ofNullable(thresholds);
    }

    /** Every scenario, in the order it started. */
    public synchronized List<ScenarioResult> scenarios() {
        return List.copyOf(scenarios);
    }

    /** The per-second figures of every step, in order. */
    public synchronized List<IntervalRow> intervals() {
        return List.copyOf(intervals);
    }

    /** Every monitor sample, in order. */
    public synchronized List<ResourceSample> timeline() {
        return List.copyOf(timeline);
    }

    /** The load workers of a run that had its own ({@code --workers}); empty otherwise. */
    public synchronized List<LoadWorkerEntry> loadWorkers() {
        return loadWorkers == null ? List.of() : List.copyOf(loadWorkers);
    }

    /** Names the experiment kind that produced the document ({@code probe}, {@code single-run}, ...). */
    public synchronized void setExperiment(String kind) {
        this.experiment = kind;
    }

    public synchronized void setTarget(TargetInfo where) {
        this.target = where;
    }

    public synchronized Optional<TargetInfo> target() {
        return Optional.ofNullable(target);
    }

    public synchronized void setCeilings(Ceilings physical) {
        this.ceilings = physical;
    }

    public synchronized void setThresholds(Thresholds limits) {
        this.thresholds = limits;
    }

    public synchronized void setSummary(Summary runSummary) {
        this.summary = runSummary;
    }

    public synchronized Optional<Summary> summary() {
        return Optional.ofNullable(summary);
    }

    /** Adds a note to the summary (one is made when the command wrote none). */
    public synchronized void addSummaryNote(String note) {
        if (summary == null) {
            summary = new Summary(note, List.of(), false, List.of());
            return;
        }
        summary = summary.withNote(note);
    }

    public synchronized void setLoadWorkers(List<LoadWorkerEntry> workers) {
        this.loadWorkers = List.copyOf(workers);
    }

    /** Every measured step of every scenario, in order. */
    public synchronized List<StepResult> allSteps() {
        return scenarios.stream().flatMap(s -> s.steps().stream()).toList();
    }

    /** Adds a scenario that is about to run. */
    public synchronized void startScenario(ScenarioResult scenario) {
        if (find(scenario.name()).isPresent()) {
            throw new IllegalStateException("scenario " + scenario.name() + " was already started");
        }
        scenarios.add(scenario);
    }

    /** Adds a scenario that could not run, and why. */
    public synchronized void skipScenario(ScenarioResult scenario, String reason) {
        startScenario(scenario);
        scenario.skip(reason);
    }

    /** Appends a measured step to a started scenario. */
    public synchronized void recordStep(String scenario, StepResult step) {
        scenario(scenario).addStep(step);
    }

    /** Sets a started scenario's verdict; it is over. */
    public synchronized void completeScenario(String scenario, Verdict verdict) {
        scenario(scenario).complete(verdict);
    }

    /** The measured steps of a scenario so far. */
    public synchronized List<StepResult> steps(String scenario) {
        return scenario(scenario).steps();
    }

    /** The verdict of a completed scenario. */
    public synchronized Optional<Verdict> verdict(String scenario) {
        return Optional.ofNullable(scenario(scenario).verdict());
    }

    public synchronized List<String> scenarioNames() {
        return scenarios.stream().map(ScenarioResult::name).toList();
    }

    public synchronized void recordAction(ActionRecord action) {
        actions.add(action);
    }

    public synchronized List<ActionRecord> actions() {
        return List.copyOf(actions);
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

    /** Adds one broker size's rows to the instance-size table. */
    public synchronized void addInstanceSizes(List<InstanceSizes.Row> rows) {
        if (instanceSizes == null) {
            instanceSizes = new ArrayList<>();
        }
        instanceSizes.addAll(rows);
    }

    public synchronized List<InstanceSizes.Row> instanceSizes() {
        return instanceSizes == null ? List.of() : List.copyOf(instanceSizes);
    }

    public synchronized void finish(boolean wasInterrupted, String failureReason) {
        this.interrupted = wasInterrupted;
        this.failure = failureReason;
        this.complete = !wasInterrupted && failureReason == null;
        this.finishedAt = Instant.now().toString();
    }

    /** The whole document as pretty-printed JSON, a consistent snapshot. */
    public synchronized byte[] toJson() {
        try {
            return ResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the result document: " + e.getOriginalMessage(), e);
        }
    }

    private Optional<ScenarioResult> find(String name) {
        return scenarios.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    private ScenarioResult scenario(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException("no scenario " + name + " was started"));
    }

    private static String version() {
        String v = ResultDocument.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-dev" : v;
    }
}
