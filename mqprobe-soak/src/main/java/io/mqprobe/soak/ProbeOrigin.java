package io.mqprobe.soak;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.search.SustainablePoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A probe's sustainable load and the scenario it was found in, read from its result file for a soak to hold
 * ({@code mqprobe soak --from result.json}): the rate, the topic's layout and the producer's settings, read as the
 * types that wrote them.
 *
 * @param file    the result file
 * @param clients the producer clients of the step that found the load (the probe adds clients as it ramps)
 * @param layout  the scenario's topic: partitions and replication factor
 * @param setup   record size, durability and the producer's settings
 */
public record ProbeOrigin(Path file, String scenario, double recordsPerSecond, double bytesPerSecond, int clients,
                          ScenarioResult.TopicLayout layout, ScenarioResult.ProducerSetup setup) {

    /** The scenario a soak takes when none is named: the default probe's most demanding durable one, if it ran. */
    static final String PREFERRED = "replicated-all";
    /** Files of older and newer releases carry fields this one does not know: they are read past, not refused. */
    private static final ObjectReader TOLERANT = ResultJson.MAPPER.reader()
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * @param scenario the scenario to take, or {@code null} for {@link #PREFERRED} when the file has it, else the first
     *                 with a sustainable load
     * @throws UsageException when the file cannot be read, is no probe's result, or has no such scenario or load
     */
    public static ProbeOrigin read(Path file, String scenario) {
        JsonNode root;
        try {
            root = ResultJson.MAPPER.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UsageException("cannot read --from " + file + ": " + e.getMessage());
        }
        List<String> withLoad = new ArrayList<>();
        for (JsonNode s : root.path("scenarios")) {
            String name = s.path("name").asText();
            SustainablePoint sustainable = sustainable(file, s);
            if (sustainable == null) {
                continue;
            }
            withLoad.add(name);
            boolean wanted = scenario != null ? scenario.equals(name) : PREFERRED.equals(name);
            if (wanted) {
                return of(file, s, sustainable);
            }
        }
        if (scenario == null && !withLoad.isEmpty()) {
            for (JsonNode s : root.path("scenarios")) {
                if (s.path("name").asText().equals(withLoad.get(0))) {
                    return of(file, s, sustainable(file, s));
                }
            }
        }
        String which = scenario == null ? "no scenario" : "no scenario '" + scenario + "'";
        throw new UsageException(file + " has " + which + " with a sustainable load"
                + (withLoad.isEmpty() ? "" : " (it has " + String.join(", ", withLoad) + ")"));
    }

    private static SustainablePoint sustainable(Path file, JsonNode scenario) {
        JsonNode verdict = scenario.get("verdict");
        if (verdict == null || !verdict.isObject() || !"probe".equals(verdict.path("kind").asText("probe"))) {
            return null;
        }
        try {
            // the first schema wrote a probe's verdict without its kind
            ObjectNode kinded = ((ObjectNode) verdict.deepCopy()).put("kind", "probe");
            Verdict v = TOLERANT.treeToValue(kinded, Verdict.class);
            return v instanceof ProbeVerdict p ? p.findings().sustainable() : null;
        } catch (IOException e) {
            throw new UsageException("cannot read the verdict of " + scenario.path("name").asText() + " in " + file + ": "
                    + e.getMessage());
        }
    }

    private static ProbeOrigin of(Path file, JsonNode scenario, SustainablePoint load) {
        try {
            int clients = 1;
            for (JsonNode step : scenario.path("steps")) {
                if (step.path("index").asInt(-1) == load.step()) {
                    clients = Math.max(1, step.path("clients").asInt(1));
                }
            }
            return new ProbeOrigin(file, scenario.path("name").asText(), load.recordsPerSecond(), load.bytesPerSecond(), clients,
                    TOLERANT.treeToValue(scenario.get("topic"), ScenarioResult.TopicLayout.class),
                    TOLERANT.treeToValue(scenario.get("producer"), ScenarioResult.ProducerSetup.class));
        } catch (IOException | IllegalArgumentException e) {
            throw new UsageException("cannot read the scenario " + scenario.path("name").asText() + " of " + file + ": "
                    + e.getMessage());
        }
    }
}
