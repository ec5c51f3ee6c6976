package io.mqprobe.cli.worker;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** What each local worker's producers had acknowledged per second in a step ({@code client.acked.per_s}), in order. */
final class WorkerShares {

    private WorkerShares() {
    }

    static List<Double> of(JsonNode step) {
        List<Double> shares = new ArrayList<>();
        step.get("resources").forEach(r -> {
            if (r.get("source").asText().startsWith("client:local-") && r.get("metric").asText().equals("client.acked.per_s")) {
                shares.add(r.get("mean").asDouble());
            }
        });
        return shares;
    }
}
