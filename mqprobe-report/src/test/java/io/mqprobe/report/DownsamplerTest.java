package io.mqprobe.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class DownsamplerTest {

    @Test
    void should_keep_short_series_as_they_are() {
        double[] xs = {0, 1, 2};
        double[] ys = {5, 6, 7};

        Downsampler.Series s = Downsampler.minMax(xs, ys, 3, 10);

        assertThat(s.count()).isEqualTo(3);
        assertThat(s.ys()).startsWith(5, 6, 7);
    }

    @Test
    void should_keep_at_most_max_points_in_x_order_with_every_extreme() {
        int n = 10_001;
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i;
            ys[i] = Math.sin(i / 50.0);
        }
        ys[777] = 42;
        ys[9000] = -42;

        Downsampler.Series s = Downsampler.minMax(xs, ys, n, 200);

        assertThat(s.count()).isLessThanOrEqualTo(200).isGreaterThan(100);
        for (int i = 1; i < s.count(); i++) {
            assertThat(s.xs()[i]).isGreaterThan(s.xs()[i - 1]);
        }
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < s.count(); i++) {
            max = Math.max(max, s.ys()[i]);
            min = Math.min(min, s.ys()[i]);
        }
        assertThat(max).isEqualTo(42);
        assertThat(min).isEqualTo(-42);
    }
}
