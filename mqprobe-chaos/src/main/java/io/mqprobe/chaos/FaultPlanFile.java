package io.mqprobe.chaos;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fault plan in a file ({@code --scenario-file}): one fault per line in the {@code --fault} form, and
 * the settings the plan needs (a command-line option of the same setting wins), e.g. for an unclean election
 * (examples/chaos-unclean-election.plan):
 * <pre>
 * producer-prop acks=1
 * topic-config unclean.leader.election.enable=true
 * replication-factor 2
 * stop:broker-3@5s+7s
 * kill:broker-2@12s+18s
 * </pre>
 * Blank lines and {@code #} comments are skipped.
 *
 * @param replicationFactor the fresh topic's replication factor, or {@code null} for the command's
 */
public record FaultPlanFile(List<FaultSpec> faults, Map<String, String> producerProperties, Map<String, String> topicConfigs,
                     Integer replicationFactor) {

    public static FaultPlanFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageException("cannot read --scenario-file " + file + " (" + e.getMessage() + ")");
        }
        List<FaultSpec> faults = new ArrayList<>();
        Map<String, String> producer = new LinkedHashMap<>();
        Map<String, String> topic = new LinkedHashMap<>();
        Integer replicationFactor = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                if (line.startsWith("producer-prop ")) {
                    put(producer, line.substring("producer-prop ".length()));
                } else if (line.startsWith("topic-config ")) {
                    put(topic, line.substring("topic-config ".length()));
                } else if (line.startsWith("replication-factor ")) {
                    replicationFactor = replicationFactor(line.substring("replication-factor ".length()).strip());
                } else {
                    faults.add(FaultSpec.parse(line));
                }
            } catch (UsageException e) {
                throw new UsageException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new FaultPlanFile(List.copyOf(faults), producer, topic, replicationFactor);
    }

    private static int replicationFactor(String text) {
        try {
            int rf = Integer.parseInt(text);
            if (rf >= 1) {
                return rf;
            }
        } catch (NumberFormatException e) {
            // told below
        }
        throw new UsageException("replication-factor needs a whole number of at least 1, got '" + text + "'");
    }

    public static void put(Map<String, String> into, String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("expected KEY=VALUE, got '" + pair.strip() + "'");
        }
        into.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
    }
}
