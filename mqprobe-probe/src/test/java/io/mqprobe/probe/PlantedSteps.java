package io.mqprobe.probe;

import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepIntent;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.StepResult;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Steps as the runner hands them to the probe's judge, from planted results (no broker). */
final class PlantedSteps {

    private PlantedSteps() {
    }

    /** {@code result} as measured for a step the planner meant as {@code intent} (planned: 1 s of warm-up, 4 s measured). */
    static MeasuredStep measured(String scenario, StepResult result, StepIntent intent) {
        Double target = result.targetRecordsPerSecond();
        ProducerLoadSpec load = new ProducerLoadSpec("t", result.clients(), 1, false, 1024, target == null ? 0 : target, 0,
                Duration.ofSeconds(4), new PayloadSpec.Random(), Map.of(), false);
        return new MeasuredStep(StepPlan.of(scenario, result.index(), new StepLoad.Produce(load), Duration.ofSeconds(1),
                Duration.ZERO).withIntent(intent), new StepRunner.Outcome(result, null, null, 0, 0, List.of(), Map.of()));
    }
}
