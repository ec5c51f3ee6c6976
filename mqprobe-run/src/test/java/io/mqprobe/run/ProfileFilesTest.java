package io.mqprobe.run;

import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.StepIntent;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.StepLoad;
import io.mqprobe.monitor.profile.ProfileStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Sampling follows the steps: off for a step nobody judges, on again for the next one that is. */
class ProfileFilesTest {

    /** A warm-up, as a planner means it: run, never judged. */
    record Unjudged() implements StepIntent {
        @Override
        public boolean judged() {
            return false;
        }
    }

    @Test
    void should_turn_sampling_off_for_a_step_nobody_judges_and_on_for_the_next(@TempDir Path runDir) {
        ProfileStore profiles = new ProfileStore();
        List<Boolean> switched = new ArrayList<>();
        profiles.onSamplingChange(() -> switched.add(profiles.sampling()));
        ProfileFiles files = new ProfileFiles(profiles, runDir, ExperimentListener.NONE);

        files.onStepStart(step(0, new Unjudged()));
        assertThat(profiles.sampling()).isFalse();
        files.onStepStart(step(1, StepIntent.MEASURE));
        files.onStepStart(step(2, StepIntent.MEASURE));

        assertThat(profiles.sampling()).isTrue();
        assertThat(switched).as("each recorder told once per change").containsExactly(false, true);
    }

    private static StepPlan step(int index, StepIntent intent) {
        return StepPlan.of("single", index, new StepLoad.Work("step " + index, () -> null), Duration.ZERO, Duration.ZERO)
                .withIntent(intent);
    }
}
