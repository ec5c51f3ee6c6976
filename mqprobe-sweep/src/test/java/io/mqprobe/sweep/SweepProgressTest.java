package io.mqprobe.sweep;

import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.run.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class SweepProgressTest {

    @Test
    void a_step_is_numbered_as_the_step_table_and_result_json_number_it() {
        // the probe's terminal counted one ahead of its step table (2026-12-07 07:14); the sweep prints the same steps
        StringWriter err = new StringWriter();
        SweepProgress progress = new SweepProgress(new Progress(new PrintWriter(err)), 2);
        StepPlan plan = StepPlan.of("linger.ms=5", 3, new StepLoad.Work("ramp", () -> null), Duration.ZERO, Duration.ZERO);
        StepResult step = PlantedStepResult.of(3, 2, null, "2026-12-07T10:30:00Z", 1_000, 4_000, 100_000, List.of());

        progress.onStepStart(plan);
        progress.onStepDone(plan, step);

        assertThat(err.toString().lines()).hasSize(2).allMatch(line -> line.startsWith("  step 3: "));
        assertThat(err.toString().lines().toList().get(1)).startsWith("  step 3:  2 client(s)");
    }
}
