package io.mqprobe.run;

import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes each scenario's sampled stacks beside result.json as it completes, one folded file per process
 * ({@code profiles/<scenario>/broker-1.folded}), for people who use their own flame-graph viewers; then tells the
 * listener it wraps. A scenario cut short by Ctrl-C still gets its files. Steps nobody judges (a warm-up) are not
 * sampled: the processes' sampling is turned off for them and back on for the next step.
 */
public final class ProfileFiles implements ExperimentListener {

    private final CpuProfiles profiles;
    private final Path dir;
    private final ExperimentListener next;
    private long scenarioStartMs;

    /** @param runDir the run's directory (result.json's) */
    public ProfileFiles(CpuProfiles profiles, Path runDir, ExperimentListener next) {
        this.profiles = profiles;
        this.dir = runDir.resolve("profiles");
        this.next = next;
    }

    @Override
    public void onScenarioStart(ScenarioResult scenario) {
        scenarioStartMs = System.currentTimeMillis();
        next.onScenarioStart(scenario);
    }

    @Override
    public void onStepStart(StepPlan plan) {
        profiles.sampling(plan.intent().judged());
        next.onStepStart(plan);
    }

    @Override
    public void onStepDone(StepPlan plan, StepResult step) {
        next.onStepDone(plan, step);
    }

    @Override
    public void onAction(ActionRecord action) {
        next.onAction(action);
    }

    @Override
    public void onScenarioDone(String scenario, Verdict verdict) {
        Map<String, String> folded = profiles.folded(new CpuProfiles.Window(scenarioStartMs, System.currentTimeMillis()));
        try {
            for (Map.Entry<String, String> process : folded.entrySet()) {
                Path file = dir.resolve(safe(scenario)).resolve(safe(process.getKey()) + ".folded");
                Files.createDirectories(file.getParent());
                Files.writeString(file, process.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sampled stacks under " + dir + ": " + e.getMessage(), e);
        }
        next.onScenarioDone(scenario, verdict);
    }

    /** A scenario or process name as a file name: nothing that climbs out of the directory. */
    static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_").replaceAll("^\\.+", "_");
    }
}
