package io.mqprobe.load;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.testing.InstantProducer;
import io.mqprobe.testing.NoClusterDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A warm-up step ends once every JVM compiles under the bound, not at its load's length; a step measured while a JVM
 * still compiled above it says which, in its result.
 */
@Timeout(30)
class WarmupStepTest {

    private static final WarmupTarget TARGET = new WarmupTarget(50, Duration.ofSeconds(1), Duration.ofSeconds(20));

    @Test
    void should_end_a_warm_up_step_when_every_jvm_compiles_under_the_bound() {
        long warmFromMs = System.currentTimeMillis() + 2_500;
        // broker-2 compiles 400 ms/s until warmFromMs, then 10 ms/s; mqprobe itself 5 ms/s throughout
        ResourceWindow compilers = (from, to) -> List.of(jit("broker-2", to < warmFromMs ? 400 : 10), jit("client", 5));

        StepRunner.Outcome outcome = runner(compilers).run("s", 0, new StepLoad.Produce(load(Duration.ofSeconds(20))),
                TARGET.shortest(), Duration.ofSeconds(5), null, null, TARGET);

        long ranMs = outcome.step().warmupMs() + outcome.step().measuredMs();
        assertThat(ranMs).as("stopped once warm, not after the load's 20 s").isBetween(2_000L, 6_000L);
        assertThat(outcome.step().compiling()).isNull();
    }

    @Test
    void should_end_a_warm_up_step_once_each_jvm_has_been_warm_though_they_compile_in_turns() {
        long startMs = System.currentTimeMillis();
        // broker-1 and mqprobe compile in alternate seconds: each is below the bound half of the time, never both at once
        ResourceWindow inTurns = (from, to) -> {
            boolean even = (to - startMs) / 1000 % 2 == 0;
            return List.of(jit("broker-1", even ? 10 : 300), jit("client", even ? 300 : 10));
        };

        StepRunner.Outcome outcome = runner(inTurns).run("s", 0, new StepLoad.Produce(load(Duration.ofSeconds(20))),
                TARGET.shortest(), Duration.ofSeconds(5), null, null, TARGET);

        long ranMs = outcome.step().warmupMs() + outcome.step().measuredMs();
        assertThat(ranMs).as("each JVM warm by its second or third second, not at the load's 20 s").isBetween(1_000L, 6_000L);
        assertThat(outcome.step().compiling()).as("no JVM stayed cold").isNull();
    }

    @Test
    void should_run_a_warm_up_step_to_its_longest_when_a_jvm_keeps_compiling_and_say_which() {
        ResourceWindow compiling = (from, to) -> List.of(jit("broker-1", 30), jit("broker-3", 180));
        WarmupTarget shortWait = new WarmupTarget(50, Duration.ofSeconds(1), Duration.ofSeconds(3));

        StepRunner.Outcome outcome = runner(compiling).run("s", 0, new StepLoad.Produce(load(shortWait.longest())),
                shortWait.shortest(), Duration.ofSeconds(5), null, null, shortWait);

        assertThat(outcome.step().warmupMs() + outcome.step().measuredMs()).isGreaterThanOrEqualTo(2_500L);
        assertThat(outcome.step().compiling()).isEqualTo("broker-3 compiling 180 ms/s");
    }

    @Test
    void should_flag_a_measured_step_while_a_jvm_compiles_above_a_warm_jvms_rate() {
        ResourceWindow compiling = (from, to) -> List.of(jit("broker-2", 340), jit("client", 12));
        ResourceWindow warm = (from, to) -> List.of(jit("broker-2", 20), jit("client", 12));

        StepRunner.Outcome cold = runner(compiling).run("s", 0, new StepLoad.Produce(load(Duration.ofSeconds(1))),
                Duration.ZERO, Duration.ofSeconds(5));
        StepRunner.Outcome warmed = runner(warm).run("s", 0, new StepLoad.Produce(load(Duration.ofSeconds(1))),
                Duration.ZERO, Duration.ofSeconds(5));

        assertThat(cold.step().compiling()).isEqualTo("broker-2 compiling 340 ms/s");
        assertThat(warmed.step().compiling()).isNull();
    }

    @Test
    void should_call_warm_a_jvm_set_that_reports_no_compilation() {
        assertThat(TARGET.watch().warm(List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.4, 0.5, 1)))).isTrue();
        assertThat(TARGET.watch().warm(List.of(jit("broker-1", 50)))).as("at the bound is warm").isTrue();
        assertThat(TARGET.watch().warm(List.of(jit("broker-1", 51)))).isFalse();
    }

    @Test
    void should_judge_a_local_jvm_by_its_compilers_cpu_and_a_remote_one_by_its_compile_clock() {
        // broker-1 is local: its clock reads 420 ms/s (waits for a core included) while its compilers used 30 ms of CPU
        ResourceUsage clock = jit("broker-1", 420);
        ResourceUsage cpu = ResourceUsage.withoutCapacity("broker-1", Metric.JIT_CPU_MS_PER_S, 30, 30);

        assertThat(TARGET.watch().warm(List.of(clock, cpu))).as("judged by its CPU").isTrue();
        assertThat(TARGET.watch().warm(List.of(clock))).as("only the clock known").isFalse();
        // a remote broker gives only its clock; a local one compiling on 120 ms of CPU is still cold, and says so
        ResourceUsage hotCpu = ResourceUsage.withoutCapacity("client", Metric.JIT_CPU_MS_PER_S, 120, 120);
        assertThat(TARGET.compiling(List.of(clock, cpu, jit("broker-9", 90), jit("client", 300), hotCpu)))
                .contains("client compiling 120 ms/s of CPU");
        assertThat(TARGET.compiling(List.of(clock, cpu, jit("broker-9", 90)))).contains("broker-9 compiling 90 ms/s");
    }

    private static ResourceUsage jit(String source, double msPerSecond) {
        return ResourceUsage.withoutCapacity(source, Metric.JIT_MS_PER_S, msPerSecond, msPerSecond);
    }

    private static ProducerLoadSpec load(Duration duration) {
        return new ProducerLoadSpec("t", 1, 1, false, 100, 500, 0, duration, new PayloadSpec.Random(), Map.of(), false);
    }

    private static StepRunner runner(ResourceWindow resources) {
        ResultDocument document = new ResultDocument("test", List.of());
        document.startScenario(new ScenarioResult("s", "", null, null));
        return new StepRunner(new InstantProducers(), document, resources, new RunControl(), row -> { }, NanoClock.SYSTEM);
    }

    /** Producers acknowledged at once: the engine's bookkeeping without a broker. */
    private static final class InstantProducers extends NoClusterDriver {
        @Override
        public MessageProducer newProducer(ClientSettings settings) {
            return new InstantProducer();
        }
    }
}
