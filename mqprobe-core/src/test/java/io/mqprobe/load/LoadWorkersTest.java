package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.testing.InstantProducer;
import io.mqprobe.testing.NoClusterDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class LoadWorkersTest {

    private static ProducerLoadSpec load(int clients, double rate, long maxRecords, Duration duration) {
        return new ProducerLoadSpec("t", clients, 1, false, 100, rate, maxRecords, duration, new PayloadSpec.Random(),
                Map.of(), true);
    }

    @Test
    void should_deal_clients_rate_and_record_budget_out_in_proportion_and_add_up_exactly() {
        List<ProducerLoadSpec> shares = load(5, 1_000, 1_001, Duration.ofSeconds(1)).shares(3);

        assertThat(shares).extracting(ProducerLoadSpec::clients).containsExactly(2, 2, 1);
        assertThat(shares).extracting(ProducerLoadSpec::targetRecordsPerSecond).containsExactly(400.0, 400.0, 200.0);
        assertThat(shares.stream().mapToLong(ProducerLoadSpec::maxRecords).sum()).isEqualTo(1_001);
        assertThat(load(2, 0, 0, Duration.ofSeconds(1)).shares(8)).as("never a share without a client").hasSize(2)
                .allSatisfy(s -> assertThat(s.paced()).isFalse());
        ProducerLoadSpec whole = load(3, 777.7, 0, Duration.ofSeconds(1));
        assertThat(whole.shares(1)).containsExactly(whole);
    }

    @Test
    void should_leave_out_a_share_whose_part_of_a_small_budget_rounds_to_nothing_rather_than_make_it_unbounded() {
        List<ProducerLoadSpec> shares = load(4, 0, 2, Duration.ofSeconds(1)).shares(4);

        assertThat(shares).allSatisfy(s -> assertThat(s.maxRecords()).isPositive());
        assertThat(shares.stream().mapToLong(ProducerLoadSpec::maxRecords).sum()).isEqualTo(2);
    }

    @Test
    void should_run_a_step_over_three_workers_as_one_load_with_every_stream_acknowledged() {
        List<ProducerLoadSpec> started = new CopyOnWriteArrayList<>();
        InProcessWorker inProcess = new InProcessWorker(new InstantProducers(), NanoClock.SYSTEM);
        LoadWorker recording = new LoadWorker() {
            @Override
            public String name() {
                return "recording";
            }

            @Override
            public RunningProducers startProducers(ProducerLoadSpec share, int runId) {
                started.add(share);
                return inProcess.startProducers(share, runId);
            }

            @Override
            public io.mqprobe.consume.RunningConsumers startConsumers(io.mqprobe.consume.ConsumerLoadSpec share) {
                return inProcess.startConsumers(share);
            }
        };
        ResultDocument document = new ResultDocument("test", List.of());
        document.startScenario(new ScenarioResult("s", "", null, null));
        StepRunner runner = new StepRunner(new InstantProducers(), document, ResourceWindow.NONE, new RunControl(), row -> { },
                NanoClock.SYSTEM, IntervalListener.NONE, List.of(recording, recording, recording));

        StepRunner.Outcome outcome = runner.run("s", 0, new StepLoad.Produce(load(4, 2_000, 0, Duration.ofSeconds(2))),
                Duration.ZERO, Duration.ofSeconds(5));

        // the shares are prepared on every worker at once: which one starts first is up to the threads
        assertThat(started).extracting(ProducerLoadSpec::clients).containsExactlyInAnyOrder(2, 1, 1);
        assertThat(outcome.acknowledged()).as("one stream per client, each share's own ids").hasSize(4);
        long acknowledged = outcome.acknowledged().values().stream().mapToLong(java.util.BitSet::cardinality).sum();
        // each of the 4 streams keeps the whole load's pace (one message every 2 ms) for 2 s; a stream whose share began
        // a moment after the step's clock can find its last message (due at 1.998 s) past the step's end (seen once
        // on a loaded machine: 3,999); a lost share would leave 3,000 or fewer
        assertThat(acknowledged).isBetween(3_996L, 4_000L);
        // the merged per-second figures carry every worker's sends: the whole rate, not one share's
        assertThat(outcome.step().records()).isBetween(3_600L, 4_000L);
        assertThat(outcome.step().recordsPerSecond()).isBetween(1_800.0, 2_200.0);
        assertThat(outcome.unfinishedSends()).isZero();
    }

    /** Producers acknowledged at once: the engine's bookkeeping without a broker. */
    private static final class InstantProducers extends NoClusterDriver {
        @Override
        public MessageProducer newProducer(ClientSettings settings) {
            return new InstantProducer();
        }
    }
}
