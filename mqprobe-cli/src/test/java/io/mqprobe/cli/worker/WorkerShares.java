package io.mqprobe.cli.worker;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.monitor.Metric;

import java.util.ArrayList;
import java.util.List;

/** What each local worker's producers had acknowledged per second in a step ({@link Metric#ACKED_PER_S}), in order. */
final class WorkerShares {

    private WorkerShares() {
    }

    static List<Double> of(JsonNode step) {
        List<Double> shares = new ArrayList<>();
        step.get("resources").forEach(r -> {
            if (r.get("source").asText().startsWith("client:local-") && r.get("metric").asText().equals(Metric.ACKED_PER_S)) {
                shares.add(r.get("mean").asDouble());
            }
        });
        return shares;
    }
}
