package io.mqprobe.cli.chaos;

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
 * the settings the plan needs, e.g. for an unclean-election test:
 * <pre>
 * # acks=1 and unclean leader election: acknowledged messages can be lost
 * producer-prop acks=1
 * topic-config unclean.leader.election.enable=true
 * kill:leader@8s
 * wipe:broker-2@9s
 * </pre>
 * Blank lines and {@code #} comments are skipped.
 */
record FaultPlanFile(List<FaultSpec> faults, Map<String, String> producerProperties, Map<String, String> topicConfigs) {

    static FaultPlanFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageException("cannot read --scenario-file " + file + " (" + e.getMessage() + ")");
        }
        List<FaultSpec> faults = new ArrayList<>();
        Map<String, String> producer = new LinkedHashMap<>();
        Map<String, String> topic = new LinkedHashMap<>();
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
                } else {
                    faults.add(FaultSpec.parse(line));
                }
            } catch (UsageException e) {
                throw new UsageException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return new FaultPlanFile(List.copyOf(faults), producer, topic);
    }

    static void put(Map<String, String> into, String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("expected KEY=VALUE, got '" + pair.strip() + "'");
        }
        into.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
    }
}
