package io.mqprobe.load;

import java.util.LinkedHashMap;
import java.util.Map;

/** Producer clients' own figures averaged by name over the clients that report each, a client's weight given. */
final class ClientFigures {

    private final Map<String, double[]> sums = new LinkedHashMap<>();

    /** Adds {@code weight} clients whose figures are {@code figures} (one client, or a worker's means over its clients). */
    void add(Map<String, Double> figures, double weight) {
        figures.forEach((name, value) -> {
            double[] s = sums.computeIfAbsent(name, x -> new double[2]);
            s[0] += value * weight;
            s[1] += weight;
        });
    }

    Map<String, Double> means() {
        Map<String, Double> means = new LinkedHashMap<>();
        sums.forEach((name, s) -> means.put(name, s[0] / s[1]));
        return means;
    }
}
