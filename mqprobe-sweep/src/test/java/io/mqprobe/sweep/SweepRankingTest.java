package io.mqprobe.sweep;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The sweep's answer from synthetic runs: effect against the baseline with its spread, failures last, one sentence. */
@Timeout(10)
class SweepRankingTest {

    private static final SweepStudy CODECS = new SweepStudy(List.of(SweepFactor.parse("compression.type=none,lz4,zstd")));

    private static SweepVerdict run(String codec, int repeat, double mbPerSecond, double brokerBytes) {
        return new SweepVerdict("compression.type", Map.of("compression.type", codec), repeat, 0, null,
                Map.of(SweepMetric.THROUGHPUT.name(), mbPerSecond * 1e6, SweepMetric.BROKER_BYTES.name(), brokerBytes));
    }

    @Test
    void should_rank_the_best_value_with_its_effect_and_spread_and_recommend_it() {
        List<SweepVerdict> runs = List.of(run("none", 1, 100, 1.00), run("lz4", 1, 140, 0.59), run("zstd", 1, 120, 0.50),
                run("zstd", 2, 124, 0.50), run("lz4", 2, 150, 0.59), run("none", 2, 110, 1.00));

        SweepRanking.Answer answer = SweepRanking.rank(CODECS, runs, SweepMetric.THROUGHPUT);

        assertThat(answer.rows()).extracting(SweepRanking.Row::label)
                .containsExactly("compression.type=lz4", "compression.type=zstd", "compression.type=none");
        SweepRanking.Row lz4 = answer.rows().get(0);
        assertThat(lz4.effectPct()).isCloseTo(100 * (145.0 / 105 - 1), within(0.01));
        // half-ranges 5/145 and 5/105, combined: the noise between repeats
        assertThat(lz4.spreadPct()).isCloseTo(100 * Math.hypot(5 / 145.0, 5 / 105.0) * 145 / 105, within(0.01));
        assertThat(lz4.effects()).containsKey(SweepMetric.BROKER_BYTES.name());
        assertThat(lz4.effects().get(SweepMetric.BROKER_BYTES.name())).isCloseTo(-41, within(0.01));
        assertThat(answer.recommendation())
                .startsWith("Use compression.type=lz4: +38 % ± 8 % throughput over compression.type=none, -41 % broker bytes");
    }

    @Test
    void should_keep_the_baseline_when_the_best_effect_is_within_the_spread() {
        List<SweepVerdict> runs = List.of(run("none", 1, 100, 1), run("lz4", 1, 90, 1), run("zstd", 1, 80, 1),
                run("zstd", 2, 130, 1), run("lz4", 2, 100, 1), run("none", 2, 104, 1));

        SweepRanking.Answer answer = SweepRanking.rank(CODECS, runs, SweepMetric.THROUGHPUT);

        assertThat(answer.rows().get(0).label()).isEqualTo("compression.type=zstd");
        assertThat(answer.rows().get(0).clear()).isFalse();
        assertThat(answer.recommendation()).startsWith("Keep compression.type=none: the best, compression.type=zstd, differs by");
    }

    @Test
    void should_recommend_a_clear_gain_over_a_higher_figure_that_is_within_its_spread() {
        List<SweepVerdict> runs = List.of(run("none", 1, 100, 1), run("lz4", 1, 112, 1), run("zstd", 1, 80, 1),
                run("zstd", 2, 190, 1), run("lz4", 2, 113, 1), run("none", 2, 101, 1));

        SweepRanking.Answer answer = SweepRanking.rank(CODECS, runs, SweepMetric.THROUGHPUT);

        assertThat(answer.rows().get(0).label()).isEqualTo("compression.type=zstd");
        assertThat(answer.recommendation()).startsWith("Use compression.type=lz4: +12 % ± 1 % throughput over compression.type=none")
                .endsWith("compression.type=zstd measured +34 % ± 55 %, within the spread of its repeats.");
    }

    @Test
    void should_mark_a_value_that_failed_and_rank_it_last_instead_of_hiding_it() {
        SweepVerdict failed = new SweepVerdict("compression.type", Map.of("compression.type", "zstd"), 1, 2,
                "nothing acknowledged (12 sends failed: TimeoutException)", Map.of());
        List<SweepVerdict> runs = List.of(run("none", 1, 100, 1), run("lz4", 1, 90, 1), failed,
                run("lz4", 2, 92, 1), run("none", 2, 101, 1));

        SweepRanking.Answer answer = SweepRanking.rank(CODECS, runs, SweepMetric.THROUGHPUT);

        assertThat(answer.rows()).extracting(SweepRanking.Row::label)
                .containsExactly("compression.type=none", "compression.type=lz4", "compression.type=zstd");
        assertThat(answer.rows().get(2).failure()).contains("nothing acknowledged");
        assertThat(answer.recommendation()).startsWith("Keep compression.type=none: no other value beat it").contains("1 value failed");
    }

    @Test
    void should_prefer_lower_latency_when_ranking_by_p99() {
        SweepStudy linger = new SweepStudy(List.of(SweepFactor.parse("linger.ms=0,20")));
        List<SweepVerdict> runs = List.of(
                new SweepVerdict("linger.ms", Map.of("linger.ms", "0"), 1, 0, null, Map.of(SweepMetric.P99.name(), 3.0)),
                new SweepVerdict("linger.ms", Map.of("linger.ms", "20"), 1, 1, null, Map.of(SweepMetric.P99.name(), 25.0)),
                new SweepVerdict("linger.ms", Map.of("linger.ms", "20"), 2, 2, null, Map.of(SweepMetric.P99.name(), 24.0)),
                new SweepVerdict("linger.ms", Map.of("linger.ms", "0"), 2, 3, null, Map.of(SweepMetric.P99.name(), 3.2)));

        assertThat(SweepRanking.rank(linger, runs, SweepMetric.P99).rows().get(0).label()).isEqualTo("linger.ms=0");
    }

    @Test
    void should_measure_in_alternating_order_so_drift_favours_no_value() {
        List<SweepCell> cells = CODECS.cells();
        List<String> order = SweepCell.alternating(cells, 3).stream()
                .map(r -> r.cell().values().get("compression.type") + r.repeat()).toList();
        assertThat(order).containsExactly("none1", "lz41", "zstd1", "zstd2", "lz42", "none2", "none3", "lz43", "zstd3");
    }

    @Test
    void should_cross_two_factors_into_a_grid_with_the_baselines_first() {
        SweepStudy grid = new SweepStudy(List.of(SweepFactor.parse("batch.size=16384,65536"), SweepFactor.parse("linger.ms=0,5")));
        assertThat(grid.cells()).extracting(SweepCell::label).containsExactly("batch.size=16384 linger.ms=0",
                "batch.size=16384 linger.ms=5", "batch.size=65536 linger.ms=0", "batch.size=65536 linger.ms=5");
        assertThat(grid.name()).isEqualTo("batch.size × linger.ms");
    }

    @Test
    void should_sort_keys_into_kinds_and_refuse_bad_factors_in_one_line() {
        assertThat(SweepFactor.parse("broker:num.replica.fetchers=1,4").kind()).isEqualTo(SweepFactor.Kind.BROKER);
        assertThat(SweepFactor.parse("broker:num.replica.fetchers=1,4").settingName()).isEqualTo("num.replica.fetchers");
        assertThat(SweepFactor.parse("record-size=100,1KiB").kind()).isEqualTo(SweepFactor.Kind.RECORD_SIZE);
        assertThat(SweepFactor.parse("max.poll.records=100,500").kind()).isEqualTo(SweepFactor.Kind.CONSUMER);
        assertThat(SweepFactor.parse("acks=1,all").kind()).isEqualTo(SweepFactor.Kind.PRODUCER);
        assertThatThrownBy(() -> SweepFactor.parse("acks=1")).isInstanceOf(UsageException.class).hasMessageContaining("2 to 12");
        assertThatThrownBy(() -> SweepFactor.parse("acks")).isInstanceOf(UsageException.class).hasMessageContaining("KEY=V1,V2");
        assertThatThrownBy(() -> SweepFactor.parse("partitions=1,x")).isInstanceOf(UsageException.class)
                .hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> SweepFactor.parse("acks=1,1")).isInstanceOf(UsageException.class).hasMessageContaining("twice");
        assertThatThrownBy(() -> new SweepStudy(List.of(SweepFactor.parse("acks=1,all"), SweepFactor.parse("max.poll.records=1,2"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("grid");
    }
}
