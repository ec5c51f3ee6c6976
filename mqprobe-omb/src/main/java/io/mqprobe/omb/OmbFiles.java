package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Reads OMB's workload files and its Kafka and RocketMQ driver files. Placeholders are filled from the environment first (as OMB does);
 * then, unlike OMB, an unknown field is an error naming the field and the file: a typo must not silently change
 * what is measured. Every problem is one line ({@link UsageException}, exit 2) before any broker is touched.
 */
public final class OmbFiles {

    /** OMB's Kafka driver class, run by mqprobe's {@code kafka} driver. */
    public static final String KAFKA_DRIVER_CLASS = "io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver";
    /** OMB's RocketMQ driver class, run by mqprobe's {@code rocketmq} driver. */
    public static final String ROCKETMQ_DRIVER_CLASS = RocketMqDriverFile.DRIVER_CLASS;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private OmbFiles() {
    }

    /**
     * The fields of a workload file, as OMB names them; absent fields are {@code null}. The last eight exist only in
     * some of OMB's versions (its rate controller's knobs, filtered subscriptions); their files are in its
     * {@code workloads/} folder too.
     */
    private record WorkloadFields(String name, Integer topics, Integer partitionsPerTopic, KeyDistributor keyDistributor,
                                  Integer messageSize, Map<String, Integer> messageSizeDistribution,
                                  Boolean useRandomizedPayloads, Double randomBytesRatio, Integer randomizedPayloadPoolSize,
                                  String payloadFile, Integer subscriptionsPerTopic, Integer producersPerTopic,
                                  Integer consumerPerSubscription, Double producerRate, Double consumerBacklogSizeGB,
                                  Double backlogDrainRatio, Integer testDurationMinutes, Integer warmupDurationMinutes,
                                  Integer messageRateReceivedForSubscription, Integer producerStartRate,
                                  Integer acceptableBacklog, Integer producerIncrementRate, Integer producerIncrementSeconds,
                                  Long producerPauseBeforeDrain, Long producerPauseDuringDrain, Boolean ensureTopicsAreReady) {
    }

    /** The fields of a Kafka driver file. */
    private record DriverFields(String name, String driverClass, Integer replicationFactor, Boolean reset,
                                String topicConfig, String commonConfig, String producerConfig, String consumerConfig) {
    }

    public static OmbWorkload readWorkload(Path file) {
        return readWorkload(file, System::getenv);
    }

    /**
     * True when {@code file} is one of mqprobe's own scenario files (a {@code scenarios:} list) rather than an OMB
     * workload: the two are told apart by their fields. A file that cannot be read is not one (its reading says why).
     */
    public static boolean isScenarioFile(Path file) {
        try {
            JsonNode tree = YAML.readTree(Files.readString(file));
            return tree != null && tree.has("scenarios");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** @param env a variable's value, or {@code null} when unset */
    public static OmbWorkload readWorkload(Path file, UnaryOperator<String> env) {
        String origin = file.toString();
        JsonNode tree = tree(file, env);
        if (tree.has("scenarios")) {
            throw new UsageException(origin + " is an mqprobe scenario file, not an OMB workload: run it with"
                    + " mqprobe run " + origin + " alone, or mqprobe probe --scenario-file " + origin);
        }
        WorkloadFields f = fields(tree, WorkloadFields.class, origin);
        if (f.testDurationMinutes() == null) {
            throw new UsageException(origin + ": testDurationMinutes is required");
        }
        Path folder = file.toAbsolutePath().getParent();
        List<String> notes = versionFields(f, origin);
        try {
            return new OmbWorkload(f.name(), or(f.topics(), 1), or(f.partitionsPerTopic(), 1), or(f.messageSize(), 1024),
                    f.messageSizeDistribution(),
                    f.payloadFile() == null || f.payloadFile().isBlank() ? null : payloadFile(folder, f.payloadFile()),
                    or(f.useRandomizedPayloads(), false), or(f.randomBytesRatio(), 0.0), or(f.randomizedPayloadPoolSize(), 0),
                    f.keyDistributor(), or(f.subscriptionsPerTopic(), 1), or(f.consumerPerSubscription(), 1),
                    or(f.producersPerTopic(), 1), or(f.producerRate(), 0.0), or(f.consumerBacklogSizeGB(), 0.0),
                    or(f.backlogDrainRatio(), 1.0), Duration.ofMinutes(f.testDurationMinutes()),
                    // OMB warms up for a minute unless told otherwise
                    Duration.ofMinutes(or(f.warmupDurationMinutes(), 1)), notes);
        } catch (UsageException e) {
            throw new UsageException(origin + ": " + e.getMessage());
        }
    }

    /**
     * The fields some OMB versions add: those that would change what is measured are refused by name; those that only
     * tune OMB's own max-rate search (which mqprobe replaces) or ask for what mqprobe does anyway become notes.
     */
    private static List<String> versionFields(WorkloadFields f, String origin) {
        if (f.messageRateReceivedForSubscription() != null && f.messageRateReceivedForSubscription() != 100) {
            throw new UsageException("messageRateReceivedForSubscription " + f.messageRateReceivedForSubscription() + " in "
                    + origin + " is not supported: mqprobe's subscriptions receive every message (no filters)");
        }
        if (or(f.producerIncrementRate(), 0) > 0) {
            throw new UsageException("producerIncrementRate " + f.producerIncrementRate() + " in " + origin
                    + " is not supported: mqprobe offers one rate per workload (mqprobe probe ramps the rate)");
        }
        if (or(f.producerPauseBeforeDrain(), 0L) > 0 || or(f.producerPauseDuringDrain(), 0L) > 0) {
            throw new UsageException((or(f.producerPauseBeforeDrain(), 0L) > 0 ? "producerPauseBeforeDrain" : "producerPauseDuringDrain")
                    + " in " + origin + " is not supported: mqprobe's producers keep their rate while a backlog drains");
        }
        List<String> notes = new ArrayList<>();
        for (String knob : List.of("producerStartRate", "acceptableBacklog", "producerIncrementSeconds")) {
            boolean given = switch (knob) {
                case "producerStartRate" -> f.producerStartRate() != null;
                case "acceptableBacklog" -> f.acceptableBacklog() != null;
                default -> f.producerIncrementSeconds() != null;
            };
            if (given) {
                notes.add(knob + " has no effect: it tunes OMB's own rate controller, which mqprobe does not run");
            }
        }
        if (Boolean.FALSE.equals(f.ensureTopicsAreReady())) {
            notes.add("ensureTopicsAreReady: false has no effect: mqprobe creates every topic before its load starts");
        }
        return notes;
    }

    /**
     * Beside the workload file; OMB itself resolves against the directory it runs in (its repository root holds
     * {@code payload/}), so that is tried when the workload's folder has no such file.
     */
    private static Path payloadFile(Path workloadFolder, String named) {
        Path besideWorkload = workloadFolder.resolve(named);
        Path fromWorkingDir = Path.of(named).toAbsolutePath();
        return Files.exists(besideWorkload) || !Files.exists(fromWorkingDir) ? besideWorkload : fromWorkingDir;
    }

    public static OmbDriverConfig readDriver(Path file) {
        return readDriver(file, System::getenv);
    }

    public static OmbDriverConfig readDriver(Path file, UnaryOperator<String> env) {
        String origin = file.toString();
        JsonNode tree = tree(file, env);
        // the class decides which fields are known (a RocketMQ file has others), so it is checked first
        String driverClass = tree.path("driverClass").asText("");
        if (driverClass.equals(ROCKETMQ_DRIVER_CLASS)) {
            return RocketMqDriverFile.config(fields(tree, RocketMqDriverFile.Fields.class, origin), origin);
        }
        if (!driverClass.equals(KAFKA_DRIVER_CLASS)) {
            throw new UsageException("driverClass '" + driverClass + "' in " + origin + ": mqprobe runs OMB's Kafka and"
                    + " RocketMQ drivers (" + KAFKA_DRIVER_CLASS + ", " + ROCKETMQ_DRIVER_CLASS + ") only");
        }
        DriverFields f = fields(tree, DriverFields.class, origin);
        int replicationFactor = or(f.replicationFactor(), 1);
        if (replicationFactor < 1) {
            throw new UsageException(origin + ": replicationFactor must be at least 1, got " + replicationFactor);
        }
        return new OmbDriverConfig(f.name() == null || f.name().isBlank() ? "Kafka" : f.name(), driverClass, "kafka",
                replicationFactor, or(f.reset(), false), properties(f.topicConfig(), "topicConfig", origin),
                properties(f.commonConfig(), "commonConfig", origin), properties(f.producerConfig(), "producerConfig", origin),
                properties(f.consumerConfig(), "consumerConfig", origin));
    }

    private static JsonNode tree(Path file, UnaryOperator<String> env) {
        String origin = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UsageException("cannot read " + origin + " (" + e.getClass().getSimpleName() + ")");
        }
        try {
            JsonNode tree = YAML.readTree(EnvPlaceholders.fill(text, env, origin));
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new UsageException(origin + " is empty");
            }
            if (!tree.isObject()) {
                throw new UsageException(origin + " is not a map of fields (name: ..., topics: ...)");
            }
            return tree;
        } catch (JsonParseException e) {
            throw new UsageException(origin + " is not valid YAML: " + firstLine(e.getOriginalMessage()) + line(e));
        } catch (JsonProcessingException e) {
            throw new UsageException(origin + " cannot be read: " + firstLine(e.getOriginalMessage()) + line(e));
        }
    }

    private static <T> T fields(JsonNode tree, Class<T> type, String origin) {
        try {
            return YAML.treeToValue(tree, type);
        } catch (UnrecognizedPropertyException e) {
            throw new UsageException("unknown field '" + e.getPropertyName() + "' in " + origin + " (OMB would ignore it;"
                    + " mqprobe will not guess)");
        } catch (JsonMappingException e) {
            String field = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."));
            throw new UsageException(origin + ": field '" + field + "': " + firstLine(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new UsageException(origin + " cannot be read: " + firstLine(e.getOriginalMessage()));
        }
    }

    /** A multi-line Java-properties string ({@code key=value} per line) as an ordered map. */
    static Map<String, String> properties(String text, String field, String origin) {
        Map<String, String> map = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return map;
        }
        Properties props = new Properties() {
            @Override
            public synchronized Object put(Object key, Object value) {
                map.put((String) key, ((String) value).trim());   // keeps the file's order
                return super.put(key, value);
            }
        };
        try {
            props.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new UsageException(origin + ": " + field + " is not Java properties (" + e.getMessage() + ")");
        }
        return map;
    }

    private static <T> T or(T value, T absent) {
        return value != null ? value : absent;
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("").trim();
    }

    private static String line(JsonProcessingException e) {
        return e.getLocation() != null && e.getLocation().getLineNr() > 0 ? " (line " + e.getLocation().getLineNr() + ")" : "";
    }
}
