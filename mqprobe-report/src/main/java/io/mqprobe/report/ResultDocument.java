package io.mqprobe.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a result document ({@code docs/result-schema.md}) as a JSON tree, so renderers ignore fields
 * they do not know. Anything that is not such a document is the user's mistake: {@link UsageException}.
 */
public final class ResultDocument {

    /** The schema id this reader understands; newer fields inside it are ignored. */
    public static final String SCHEMA = "mqprobe.result/v1";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultDocument() {
    }

    /** @throws UsageException when the file is missing, unreadable, not JSON or not a result document */
    public static JsonNode read(Path resultJson) {
        if (Files.isDirectory(resultJson)) {
            throw new UsageException(resultJson + " is a directory, not a result file");
        }
        JsonNode root;
        try (InputStream in = Files.newInputStream(resultJson)) {
            root = JSON.readTree(in);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + resultJson);
        } catch (AccessDeniedException e) {
            throw new UsageException("cannot read " + resultJson + ": permission denied");
        } catch (JacksonException e) {
            throw new UsageException(resultJson + " is not valid JSON: " + e.getOriginalMessage()
                    + " (line " + lineOf(e) + ")");
        } catch (IOException e) {
            throw new UsageException("cannot read " + resultJson + ": " + reason(e));
        }
        if (root == null || root.isMissingNode()) {
            throw new UsageException(resultJson + " is empty, not a result document");
        }
        return checkSchema(root, resultJson.toString());
    }

    /** Returns {@code root} when it is a result document of {@link #SCHEMA}; names {@code origin} otherwise. */
    public static JsonNode checkSchema(JsonNode root, String origin) {
        if (root == null || !root.isObject()) {
            throw new UsageException(origin + " is not an mqprobe result document (expected a JSON object with \"schema\": \""
                    + SCHEMA + "\")");
        }
        String schema = Fields.text(root, "schema");
        if (!SCHEMA.equals(schema)) {
            throw new UsageException(origin + " is not an mqprobe result document (schema "
                    + (schema == null ? "missing" : "'" + oneLine(schema) + "'") + ", expected " + SCHEMA + ")");
        }
        return root;
    }

    private static String lineOf(JacksonException e) {
        return e.getLocation() == null ? "?" : String.valueOf(e.getLocation().getLineNr());
    }

    private static String reason(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : oneLine(e.getMessage());
    }

    private static String oneLine(String s) {
        String flat = s.replaceAll("\\s+", " ").trim();
        return flat.length() > 80 ? flat.substring(0, 80) + "…" : flat;
    }
}
