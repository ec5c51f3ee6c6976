package io.mqprobe.cli.ceiling;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.result.ResultJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a disk or network probe's result for {@code --json FILE}, named by its schema as result.json is. */
final class JsonOutput {

    /** What {@code disk --json} writes: its cells, best cell and ceiling, in base units. */
    static final String DISK_SCHEMA = "mqprobe.disk/v1";
    /** What {@code net client --json} writes: per-second intervals and totals, in base units. */
    static final String NET_SCHEMA = "mqprobe.net/v1";

    private JsonOutput() {
    }

    /** Fails before a long run rather than after it when the file cannot be written. */
    static void checkWritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent) || Files.isDirectory(file)) {
            throw new UsageException("cannot write --json " + file + ": no writable directory " + parent);
        }
    }

    /** The result's fields after a {@code schema} field, through the one result mapper (no NaN in the file). */
    static void write(Path file, String schema, Object result) {
        ObjectNode json = ResultJson.MAPPER.createObjectNode().put("schema", schema);
        json.setAll((ObjectNode) ResultJson.MAPPER.valueToTree(result));
        try {
            ResultJson.writeFile(file, json);
        } catch (IOException e) {
            throw new UsageException("cannot write --json " + file + ": " + e.getMessage(), e);
        }
    }
}
