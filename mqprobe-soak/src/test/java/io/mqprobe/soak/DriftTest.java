package io.mqprobe.soak;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A trend is told from noise: planted slopes are found with their time to a limit, flat noisy series give none. */
class DriftTest {

    @Test
    void should_find_a_planted_climb_and_the_minutes_until_it_reaches_its_limit() {
        // a topic whose retention never deletes: +600 MB a minute from 1 GB, noisy by ±20 MB, against a 30 GB budget
        List<Double> logBytes = series(30, m -> 1e9 + 6e8 * m, 2e7, 1);

        Drift drift = Drift.of("the topic's logs", Drift.Unit.BYTES, logBytes, true, 30e9).orElseThrow();

        assertThat(drift.perMinute()).isCloseTo(6e8, within(1e7));
        // the line ends near 1 GB + 29 × 600 MB = 18.4 GB: 11.6 GB to go at 600 MB a minute
        assertThat(drift.toLimitMin()).isCloseTo(19.3, within(0.5));
        assertThat(drift.describe()).startsWith("the topic's logs rose").contains("per minute").contains("reaches its limit in 19 min");
    }

    @Test
    void should_find_nothing_in_a_flat_series_however_noisy() {
        // retention keeping up: a plateau at 8 GB that saws ±5 % as segments roll and are deleted
        List<Double> plateau = series(30, m -> 8e9, 4e8, 2);

        assertThat(Drift.of("the topic's logs", Drift.Unit.BYTES, plateau, true, 30e9)).isEmpty();
    }

    @Test
    void should_find_nothing_in_a_certain_but_small_change() {
        // +0.1 % a minute, without noise: certain, yet 3 % over the soak is no drift worth a finding
        List<Double> creeping = series(30, m -> 100 + 0.1 * m, 0, 3);

        assertThat(Drift.of("p99", Drift.Unit.MILLIS, creeping, true, 200.0)).isEmpty();
    }

    @Test
    void should_find_nothing_moving_the_other_way_or_in_too_few_minutes() {
        List<Double> falling = series(20, m -> 100 - 3 * m, 1, 4);

        assertThat(Drift.of("p99", Drift.Unit.MILLIS, falling, true, null)).isEmpty();
        assertThat(Drift.of("throughput", Drift.Unit.BYTES_PER_SECOND, falling, false, null)).isPresent();
        assertThat(Drift.of("p99", Drift.Unit.MILLIS, series(3, m -> 10.0 * m, 0, 5), true, null)).isEmpty();
    }

    @Test
    void should_skip_minutes_without_a_reading() {
        List<Double> gappy = new ArrayList<>(series(12, m -> 50.0 + 10 * m, 1, 6));
        gappy.set(3, null);
        gappy.set(7, Double.NaN);

        assertThat(Drift.of("GC pauses", Drift.Unit.MILLIS_PER_SECOND, gappy, true, null).orElseThrow().perMinute())
                .isCloseTo(10, within(0.5));
    }

    private static List<Double> series(int minutes, java.util.function.IntToDoubleFunction level, double noise, long seed) {
        Random random = new Random(seed);
        List<Double> values = new ArrayList<>();
        for (int m = 0; m < minutes; m++) {
            values.add(level.applyAsDouble(m) + noise * (2 * random.nextDouble() - 1));
        }
        return values;
    }
}
