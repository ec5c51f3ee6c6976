package io.mqprobe.api.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Batch means over per-second readings: widths, batching, and what an interval can and cannot tell apart. */
@Timeout(10)
class EstimateTest {

    @Test
    void should_cut_readings_into_batches_of_two_seconds_or_more_and_drop_the_earliest_left_over() {
        Estimate e = Estimate.batchMeans(new double[]{999, 10, 12, 10, 12, 10, 12, 10, 12, 10, 12, 10, 12});

        assertThat(e.batches()).isEqualTo(6);
        assertThat(e.readings()).isEqualTo(12);     // the first reading, nearest the warm-up, is left out
        assertThat(e.mean()).isCloseTo(11, within(1e-9));
        assertThat(e.halfWidth()).isCloseTo(0, within(1e-9));   // every two-second batch has the same mean
    }

    @Test
    void should_widen_the_interval_for_autocorrelated_readings_where_a_naive_standard_error_would_not() {
        // slow swings: three seconds high, three low; the naive interval treats them as twelve independent readings
        double[] swinging = {13, 13, 13, 7, 7, 7, 13, 13, 13, 7, 7, 7};
        Estimate batched = Estimate.batchMeans(swinging);
        double naive = 2.201 * Math.sqrt(9.0 * 12 / 11 / 12);   // t(11) × s / √n, each reading 3 from the mean

        assertThat(batched.mean()).isCloseTo(10, within(1e-9));
        assertThat(batched.halfWidth()).isGreaterThan(naive);
    }

    @Test
    void should_have_no_interval_from_one_reading_and_none_from_none() {
        assertThat(Estimate.batchMeans(new double[]{5}).halfWidth()).isNull();
        assertThat(Estimate.batchMeans(new double[]{5}).narrowerThan(50)).isFalse();
        assertThat(Estimate.batchMeans(new double[0]).readings()).isZero();
    }

    @Test
    void should_tell_apart_only_intervals_that_do_not_overlap() {
        Estimate a = new Estimate(100, 5.0, 8, 4);
        Estimate b = new Estimate(108, 4.0, 8, 4);
        Estimate c = new Estimate(112, 4.0, 8, 4);

        assertThat(a.overlaps(b)).isTrue();
        assertThat(a.overlaps(c)).isFalse();
        assertThat(a.halfWidthPct()).isCloseTo(5, within(1e-9));
        assertThat(a.scaledTo(1000).halfWidth()).isCloseTo(50, within(1e-9));
        assertThat(Estimate.exact(3).overlaps(Estimate.exact(3))).isTrue();
    }

    @Test
    void poolingTwoSeriesIsTheBatchMeansEstimateOfBothInOne() {
        double[] a = {100, 120, 90, 110, 105, 95, 130, 85, 100, 115};
        double[] b = {150, 160, 140, 155, 145, 150, 165, 135, 150, 150};
        double[] both = new double[20];
        System.arraycopy(a, 0, both, 0, 10);
        System.arraycopy(b, 0, both, 10, 10);

        Estimate pooled = Estimate.pooled(java.util.List.of(Estimate.batchMeans(a), Estimate.batchMeans(b)));
        Estimate direct = Estimate.batchMeans(both);

        assertThat(pooled.mean()).isCloseTo(direct.mean(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(pooled.halfWidth()).isCloseTo(direct.halfWidth(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(pooled.readings()).isEqualTo(20);
        // the difference between the two levels widens the pooled interval beyond either part's own
        assertThat(pooled.halfWidth()).isGreaterThan(Estimate.batchMeans(a).halfWidth());
    }

    @Test
    void should_keep_the_middle_reading_beside_the_mean() {
        Estimate stalled = Estimate.batchMeans(new double[]{100, 1_500, 100, 100});
        assertThat(stalled.mean()).isEqualTo(450);
        assertThat(stalled.median()).as("one stalled second moves the mean, not the median").isEqualTo(100);
        assertThat(Estimate.batchMeans(new double[]{100, 1_500, 300}).median()).isEqualTo(300);
        assertThat(stalled.scaledTo(900).median()).isEqualTo(200);
        assertThat(Estimate.pooled(java.util.List.of(stalled, stalled)).median()).as("not known for a pooled level").isNull();
    }
}
