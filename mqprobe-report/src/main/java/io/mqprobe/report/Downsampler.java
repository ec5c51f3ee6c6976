package io.mqprobe.report;

/**
 * Shrinks a long series for a chart by keeping each bucket's lowest and highest point, so peaks and
 * dips survive (averaging would hide the very spikes a capacity report is about).
 */
final class Downsampler {

    /** Above this many points per series a chart is downsampled; keeps the page light. */
    static final int MAX_POINTS = 2000;

    private Downsampler() {
    }

    /** A series of {@code count} points in x order; the arrays may be longer than {@code count}. */
    record Series(double[] xs, double[] ys, int count) {
    }

    /** At most {@code maxPoints} points (an even number ≥ 2), in x order, including each bucket's min and max. */
    static Series minMax(double[] xs, double[] ys, int count, int maxPoints) {
        if (count <= maxPoints) {
            return new Series(xs, ys, count);
        }
        int buckets = maxPoints / 2;
        double[] outX = new double[buckets * 2];
        double[] outY = new double[buckets * 2];
        int out = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * count / buckets);
            int to = (int) ((long) (b + 1) * count / buckets);
            int lo = from;
            int hi = from;
            for (int i = from + 1; i < to; i++) {
                if (ys[i] < ys[lo]) {
                    lo = i;
                }
                if (ys[i] > ys[hi]) {
                    hi = i;
                }
            }
            int first = Math.min(lo, hi);
            int second = Math.max(lo, hi);
            outX[out] = xs[first];
            outY[out++] = ys[first];
            if (second != first) {
                outX[out] = xs[second];
                outY[out++] = ys[second];
            }
        }
        return new Series(outX, outY, out);
    }
}
