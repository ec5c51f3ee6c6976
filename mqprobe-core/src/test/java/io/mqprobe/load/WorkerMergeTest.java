package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.HistogramCodec;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Random;
import java.util.function.LongFunction;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A load carried by several workers measures what one worker carrying all of it would: every value each worker
 * records, its histograms sent in their compressed encoding and merged, gives the percentiles of one histogram fed
 * every value, and the same counters.
 */
@Timeout(10)
class WorkerMergeTest {

    private static final int WORKERS = 3;

    @Test
    void should_merge_three_workers_seconds_into_exactly_the_figures_of_one() {
        SendStats whole = new SendStats();
        List<SendStats> workers = IntStream.range(0, WORKERS).mapToObj(i -> new SendStats()).toList();
        LoadMeter oneMeter = new LoadMeter(whole, null, "s", 0, 0);
        LoadMeter mergedMeter = new LoadMeter(workers.stream().map(WorkerMergeTest::travelling).toList(), List.of(), "s", 0, 0);
        Random random = new Random(42);
        whole.onStarted(200_000);
        workers.get(1).onStarted(200_000);
        workers.get(2).onStarted(350_000);       // worker 0 never starts: it must not move the start to 0

        for (int second = 1; second <= 4; second++) {
            for (int i = 0; i < 20_000; i++) {
                // a long tail, so the high percentiles depend on which worker holds which values
                long latencyUs = (long) (500 + 200 * Math.exp(6 * random.nextDouble() * random.nextDouble()));
                long ackUs = second * 1_000_000L - 1_000 + i % 1_000;
                SendStats worker = workers.get(random.nextInt(WORKERS));
                for (SendStats stats : List.of(whole, worker)) {
                    stats.onSent(latencyUs / 10);
                    stats.onAcked(1_024, latencyUs, latencyUs - 100, ackUs);
                }
                if (i % 5_000 == 0) {
                    RuntimeException error = new IllegalStateException("broker said no");
                    whole.onFailed(error);
                    worker.onFailed(error);
                }
            }
            IntervalRow one = oneMeter.tick(second * 1000L, second > 1);
            IntervalRow merged = mergedMeter.tick(second * 1000L, second > 1);
            assertThat(merged).as("second %d", second).isEqualTo(one);
        }

        WindowTotals one = oneMeter.window();
        WindowTotals merged = mergedMeter.window();
        assertThat(merged.latencyUs()).isEqualTo(one.latencyUs());
        assertThat(merged.serviceLatencyUs()).isEqualTo(one.serviceLatencyUs());
        assertThat(merged.sendDelayUs()).isEqualTo(one.sendDelayUs());
        assertThat(merged.errors()).isEqualTo(one.errors()).containsEntry("IllegalStateException", 12L);
        assertThat(merged).isEqualTo(one);
        assertThat(one.records()).isEqualTo(60_000);
    }

    @Test
    void should_merge_consumers_end_to_end_latency_exactly() {
        ConsumeStats whole = new ConsumeStats();
        List<ConsumeStats> workers = IntStream.range(0, WORKERS).mapToObj(i -> new ConsumeStats()).toList();
        Random random = new Random(7);
        for (int i = 0; i < 30_000; i++) {
            long e2eUs = 1_000 + (long) (random.nextGaussian() * 300 + random.nextInt(50_000) * (i % 97 == 0 ? 1 : 0));
            whole.onConsumed(100, Math.max(0, e2eUs));
            workers.get(i % WORKERS).onConsumed(100, Math.max(0, e2eUs));
        }

        ConsumeStats.Snapshot merged = ConsumeStats.Snapshot.merge(workers.stream().map(w -> w.snapshot(1000)).toList());
        ConsumeStats.Snapshot one = whole.snapshot(1000);

        assertThat(merged.records()).isEqualTo(one.records());
        assertThat(merged.bytes()).isEqualTo(one.bytes());
        assertThat(merged.endToEnd()).isEqualTo(one.endToEnd());
    }

    @Test
    void should_refuse_text_that_is_not_an_encoded_histogram() {
        assertThatThrownBy(() -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not an encoded histogram");
    }

    /** A worker read as a remote one would be: its histograms encoded, sent and decoded before they are merged. */
    private static LongFunction<SendStats.Snapshot> travelling(SendStats worker) {
        return epochMs -> {
            SendStats.Snapshot s = worker.snapshot(epochMs);
            return new SendStats.Snapshot(s.epochMs(), s.sent(), s.acked(), s.ackedBytes(), s.failed(), s.errorsByType(),
                    travelled(s.corrected()), travelled(s.service()), travelled(s.sendDelay()), s.unsent(),
                    s.startedEpochMs(), s.lastAckEpochMs(), s.oldestInFlightUs());
        };
    }

    private static Histogram travelled(Histogram histogram) {
        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(histogram));
        assertThat(decoded.getTotalCount()).isEqualTo(histogram.getTotalCount());
        assertThat(decoded.getHighestTrackableValue()).isGreaterThanOrEqualTo(LatencyHistograms.HIGHEST_TRACKABLE_US);
        return decoded;
    }
}
