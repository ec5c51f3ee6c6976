package io.mqprobe.result;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a result file back as the records that wrote it ({@code docs/result-schema.md}): the current schema and
 * {@code mqprobe.result/v1}, whose probe verdicts carried no {@code kind}. Tolerant as a reader of files from other
 * releases must be: fields it does not know are skipped, absent ones read as null or empty, a verdict of a kind no
 * module here brings reads as null. Anything that is not such a document is the user's mistake: {@link UsageException}
 * in one line.
 */
public final class ResultReading {

    /** The schema ids this reader understands, newest first. */
    public static final List<String> SCHEMAS = List.of(ResultDocument.SCHEMA, "mqprobe.result/v1");

    private static final ObjectReader TOLERANT = ResultJson.MAPPER.reader()
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .without(DeserializationFeature.FAIL_ON_INVALID_SUBTYPE);

    private ResultReading() {
    }

    /** @throws UsageException when the file is missing, unreadable, not JSON or not a result document */
    public static ResultDocument read(Path resultJson) {
        return document(tree(resultJson), resultJson.toString());
    }

    /** A result document's tree (checked, v1 upgraded) as the records that wrote it; {@code origin} names it in errors. */
    public static ResultDocument document(JsonNode tree, String origin) {
        try {
            return TOLERANT.treeToValue(checked(tree, origin), ResultDocument.class);
        } catch (JacksonException e) {
            throw new UsageException(origin + " does not read as a result document" + where(e) + ": " + why(e));
        }
    }

    /**
     * A part of a checked document's tree (a scenario, a step, a verdict) as its record, read as tolerantly as the whole.
     *
     * @throws IllegalArgumentException when the part does not read as {@code type}
     */
    public static <T> T as(JsonNode part, Class<T> type) {
        try {
            return part == null || part.isNull() || part.isMissingNode() ? null : TOLERANT.treeToValue(part, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("does not read as " + type.getSimpleName() + ": " + oneLine(e.getOriginalMessage()), e);
        }
    }

    /**
     * The file as a checked tree, v1's probe verdicts given their {@code kind}: for readers that also take what the
     * records do not hold (a plan beside the result).
     *
     * @throws UsageException as {@link #read}
     */
    public static JsonNode tree(Path resultJson) {
        if (Files.isDirectory(resultJson)) {
            throw new UsageException(resultJson + " is a directory, not a result file");
        }
        JsonNode root;
        try (InputStream in = Files.newInputStream(resultJson)) {
            root = ResultJson.MAPPER.readTree(in);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + resultJson);
        } catch (AccessDeniedException e) {
            throw new UsageException("cannot read " + resultJson + ": permission denied");
        } catch (JacksonException e) {
            throw new UsageException(resultJson + " is not valid JSON: " + e.getOriginalMessage()
                    + " (line " + (e.getLocation() == null ? "?" : String.valueOf(e.getLocation().getLineNr())) + ")");
        } catch (IOException e) {
            throw new UsageException("cannot read " + resultJson + ": " + reason(e));
        }
        if (root == null || root.isMissingNode()) {
            throw new UsageException(resultJson + " is empty, not a result document");
        }
        return checked(root, resultJson.toString());
    }

    /** Returns {@code root} when it is a result document of one of the {@link #SCHEMAS}, v1 upgraded; names {@code origin} otherwise. */
    public static JsonNode checked(JsonNode root, String origin) {
        if (root == null || !root.isObject()) {
            throw new UsageException(origin + " is not an mqprobe result document (expected a JSON object with \"schema\": \""
                    + SCHEMAS.get(0) + "\")");
        }
        JsonNode schemaNode = root.get("schema");
        String schema = schemaNode == null || !schemaNode.isTextual() ? null : schemaNode.asText();
        if (schema == null || !SCHEMAS.contains(schema)) {
            throw new UsageException(origin + " is not an mqprobe result document (schema "
                    + (schema == null ? "missing" : "'" + oneLine(schema) + "'") + ", expected " + String.join(" or ", SCHEMAS) + ")");
        }
        // v1 wrote a probe's verdict flat, without the kind v2 names every verdict by
        root.path("scenarios").forEach(scenario -> {
            if (scenario.path("verdict") instanceof ObjectNode verdict && !verdict.has("kind") && verdict.has("ceiling")) {
                verdict.put("kind", "probe");
            }
        });
        return root;
    }

    /** " at scenarios[0].steps[2].bytesPerSecond", the field the reading stopped at, or "" when unknown. */
    private static String where(JacksonException e) {
        if (!(e instanceof JsonMappingException mapping) || mapping.getPath().isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference step : mapping.getPath()) {
            if (step.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                path.append('[').append(step.getIndex()).append(']');
            }
        }
        return " at " + path;
    }

    /** A record's own refusal ("a row of 1 figures under 3 columns") rather than Jackson's words around it. */
    private static String why(JacksonException e) {
        Throwable cause = e instanceof ValueInstantiationException && e.getCause() != null ? e.getCause() : e;
        String message = cause instanceof JacksonException j ? j.getOriginalMessage() : cause.getMessage();
        return oneLine(message == null ? cause.getClass().getSimpleName() : message);
    }

    private static String reason(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : oneLine(e.getMessage());
    }

    private static String oneLine(String s) {
        String flat = s == null ? "" : s.replaceAll("\\s+", " ").trim();
        return flat.length() > 120 ? flat.substring(0, 120) + "…" : flat;
    }
}
