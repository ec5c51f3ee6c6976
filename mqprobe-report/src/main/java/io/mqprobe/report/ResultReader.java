package io.mqprobe.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Reads a result file ({@code docs/result-schema.md}) as a JSON tree for the renderers, which ignore
 * fields they do not know. Reads the current schema and {@code mqprobe.result/v1}. Anything that is not
 * such a document is the user's mistake: {@link UsageException}.
 */
public final class ResultReader {

    /** The schema ids this reader understands, newest first; newer fields inside them are ignored. */
    public static final List<String> SCHEMAS = List.of("mqprobe.result/v2", "mqprobe.result/v1");

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultReader() {
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

    /**
     * A result as its reports show it: the document, with the plan {@code mqprobe plan} wrote beside it
     * ({@code plan.json}) attached as {@code plan}.
     *
     * @throws UsageException as {@link #read}, and when a plan.json beside it is not JSON
     */
    public static JsonNode readForReport(Path resultJson) {
        JsonNode result = read(resultJson);
        Path plan = resultJson.toAbsolutePath().resolveSibling(PlanSection.FILE);
        if (!Files.isRegularFile(plan) || !result.isObject()) {
            return result;
        }
        try (InputStream in = Files.newInputStream(plan)) {
            return ((ObjectNode) result).set("plan", JSON.readTree(in));
        } catch (IOException e) {
            throw new UsageException("cannot read the plan beside the result, " + plan + ": " + reason(e));
        }
    }

    /** Returns {@code root} when it is a result document of one of the {@link #SCHEMAS}; names {@code origin} otherwise. */
    public static JsonNode checkSchema(JsonNode root, String origin) {
        if (root == null || !root.isObject()) {
            throw new UsageException(origin + " is not an mqprobe result document (expected a JSON object with \"schema\": \""
                    + SCHEMAS.get(0) + "\")");
        }
        String schema = Fields.text(root, "schema");
        if (schema == null || !SCHEMAS.contains(schema)) {
            throw new UsageException(origin + " is not an mqprobe result document (schema "
                    + (schema == null ? "missing" : "'" + oneLine(schema) + "'") + ", expected " + String.join(" or ", SCHEMAS) + ")");
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

    /** Whether a scenario's verdict is a probe's (v2 names its kind; v1 verdicts carry only their figures). */
    public static boolean hasProbeVerdict(JsonNode scenario) {
        return scenario.path("verdict").has("ceiling");
    }
}
