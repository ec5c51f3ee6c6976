package io.mqprobe.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * An interval row and the seconds it covered. A rate's mean over rows weighs each by its length: the row in which the
 * producers stopped can last a few milliseconds, and its rate, unweighted, counted like a full second's (a ten-second
 * soak at 800 msgs/s read 1,090).
 */
public record TimedRow(IntervalRow row, double seconds) {

    /**
     * The rows, in the order taken, with their lengths from their stamps; the first's, whose start is not in the rows,
     * is the others' median.
     */
    public static List<TimedRow> of(List<IntervalRow> rows) {
        double[] lengths = new double[rows.size()];
        for (int i = 1; i < lengths.length; i++) {
            lengths[i] = Math.max(0, rows.get(i).epochMs() - rows.get(i - 1).epochMs()) / 1000.0;
        }
        double[] others = Arrays.copyOfRange(lengths, Math.min(1, lengths.length), lengths.length);
        Arrays.sort(others);
        List<TimedRow> timed = new ArrayList<>();
        for (int i = 0; i < lengths.length; i++) {
            timed.add(new TimedRow(rows.get(i), i > 0 ? lengths[i] : others.length == 0 ? 1 : others[others.length / 2]));
        }
        return timed;
    }

    /** The mean of {@code rate} over the rows, each weighed by its length; unweighted where none has a length. */
    public static double mean(List<TimedRow> rows, ToDoubleFunction<IntervalRow> rate) {
        double weight = rows.stream().mapToDouble(TimedRow::seconds).sum();
        return weight <= 0 ? rows.stream().mapToDouble(r -> rate.applyAsDouble(r.row())).average().orElse(0)
                : rows.stream().mapToDouble(r -> rate.applyAsDouble(r.row()) * r.seconds()).sum() / weight;
    }
}
