package io.mqprobe.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Scenarios from a YAML file: a {@code scenarios:} list of {@link ScenarioSpec} fields, e.g.
 * <pre>
 * scenarios:
 *   - name: big-batches
 *     partitions: 12
 *     durability: all-replicas      # or, as older files say, acks: all
 *     producerProperties: {batch.size: "1048576", compression.type: lz4}
 * </pre>
 */
public final class ScenarioFile {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ScenarioFile() {
    }

    private record Document(List<ScenarioSpec> scenarios) {
    }

    public static List<ScenarioSpec> read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UsageException("cannot read scenario file " + file + " (" + e.getClass().getSimpleName() + ")");
        }
        return parse(text, file.toString());
    }

    static List<ScenarioSpec> parse(String yaml, String origin) {
        try {
            Document doc = YAML.readValue(yaml, new TypeReference<Document>() {
            });
            if (doc == null || doc.scenarios() == null || doc.scenarios().isEmpty()) {
                throw new UsageException("scenario file " + origin + " has no 'scenarios:' list");
            }
            return List.copyOf(doc.scenarios());
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause() instanceof UsageException u ? u : null;
            if (cause != null) {
                throw (UsageException) cause;
            }
            throw new UsageException("scenario file " + origin + " is not valid: " + e.getOriginalMessage()
                    + (e.getLocation() != null ? " (line " + e.getLocation().getLineNr() + ")" : ""));
        }
    }

    /** Writes scenarios back as YAML (the round trip the tests check). */
    static String write(List<ScenarioSpec> scenarios) {
        try {
            return YAML.writeValueAsString(new Document(scenarios));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
