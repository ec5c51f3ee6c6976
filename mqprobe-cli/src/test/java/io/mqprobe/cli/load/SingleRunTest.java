package io.mqprobe.cli.load;

import io.mqprobe.cli.ExitCode;
import io.mqprobe.load.StepRunner;
import io.mqprobe.load.WindowTotals;
import io.mqprobe.result.StepResult;
import io.mqprobe.stats.DeliveryReport;
import io.mqprobe.stats.LatencySummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class SingleRunTest {

    private static StepRunner.Outcome outcome(DeliveryReport delivery) {
        LatencySummary l = new LatencySummary(1, 2, 3, 4, 5, 2, 100);
        WindowTotals window = new WindowTotals(0, 10_000, 10_000, 10_240_000, Map.of(), l, l, l, 9_000, 9_216_000, l, 10_000);
        StepResult step = StepResult.of(0, 1, 1000, 0, 0, window, StepResult.Consumed.of(window, delivery), List.of());
        return new StepRunner.Outcome(step, window, delivery, 0);
    }

    @Test
    void should_fail_e2e_when_a_consumer_failed_even_though_nothing_counts_as_lost() {
        DeliveryReport failed = new DeliveryReport(9_000, 0, 0, 0, 1_000, 1, true, "IllegalStateException: boom");

        assertThat(SingleRun.exitCode(outcome(failed))).isEqualTo(ExitCode.RUN_FAILED);
    }

    @Test
    void should_pass_e2e_when_the_consumers_only_lagged() {
        DeliveryReport lagged = new DeliveryReport(9_000, 0, 0, 0, 1_000, 1, true, null);

        assertThat(SingleRun.exitCode(outcome(lagged))).isEqualTo(ExitCode.OK);
    }
}
