package io.mqprobe.run;

import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** Native client settings from {@code k=v} flags and {@code .properties} files, as Kafka's tools take them. */
public final class ClientProperties {

    private ClientProperties() {
    }

    /** Reads a properties file; a missing or unreadable file is a usage error naming it. */
    public static Map<String, String> load(Path file) {
        if (file == null) {
            return Map.of();
        }
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            props.load(in);
        } catch (IOException e) {
            throw new UsageException("cannot read config file " + file + " (" + reason(e) + ")");
        }
        Map<String, String> map = new LinkedHashMap<>();
        props.stringPropertyNames().forEach(k -> map.put(k, props.getProperty(k).trim()));
        return map;
    }

    /** Parses {@code key=value} pairs; later pairs win. */
    public static Map<String, String> parsePairs(String flag, List<String> pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String pair : pairs == null ? List.<String>of() : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException(flag + " expects key=value, got '" + pair + "'");
            }
            map.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return map;
    }

    /** File settings overridden by flag settings, like Kafka's perf tools. */
    public static Map<String, String> merge(Path file, String flag, List<String> pairs) {
        Map<String, String> merged = new LinkedHashMap<>(load(file));
        merged.putAll(parsePairs(flag, pairs));
        return merged;
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
