package io.mqprobe.soak;

import io.mqprobe.api.UsageException;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.SustainablePoint;

import java.nio.file.Path;
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

    /**
     * @param scenario the scenario to take, or {@code null} for {@link #PREFERRED} when the file has it, else the first
     *                 with a sustainable load
     * @throws UsageException when the file cannot be read, is no probe's result, or has no such scenario or load
     */
    public static ProbeOrigin read(Path file, String scenario) {
        ResultDocument result;
        try {
            result = ResultReading.read(file);
        } catch (UsageException e) {
            throw new UsageException("cannot read --from " + file + ": " + e.getMessage());
        }
        List<ScenarioResult> withLoad = result.scenarios().stream().filter(s -> sustainable(s) != null).toList();
        List<String> names = withLoad.stream().map(ScenarioResult::name).toList();
        for (ScenarioResult s : withLoad) {
            if (scenario != null ? scenario.equals(s.name()) : PREFERRED.equals(s.name())) {
                return of(file, s);
            }
        }
        if (scenario == null && !withLoad.isEmpty()) {
            return of(file, withLoad.get(0));
        }
        String which = scenario == null ? "no scenario" : "no scenario '" + scenario + "'";
        throw new UsageException(file + " has " + which + " with a sustainable load"
                + (names.isEmpty() ? "" : " (it has " + String.join(", ", names) + ")"));
    }

    /** The scenario's sustainable load, or null when its verdict is not a probe's or the probe found none. */
    private static SustainablePoint sustainable(ScenarioResult scenario) {
        return scenario.probeFindings() == null ? null : scenario.probeFindings().sustainable();
    }

    private static ProbeOrigin of(Path file, ScenarioResult scenario) {
        SustainablePoint load = sustainable(scenario);
        int clients = 1;
        for (StepResult step : scenario.steps()) {
            if (step.index() == load.step()) {
                clients = Math.max(1, step.clients());
            }
        }
        return new ProbeOrigin(file, scenario.name(), load.recordsPerSecond(), load.bytesPerSecond(), clients, scenario.topic(),
                scenario.producer());
    }
}
