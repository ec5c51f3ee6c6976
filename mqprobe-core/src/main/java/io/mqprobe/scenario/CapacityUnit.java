package io.mqprobe.scenario;

import io.mqprobe.search.CapacitySummarizer;
import io.mqprobe.search.CapacitySummary;
import io.mqprobe.search.ScenarioOutcome;

import java.util.List;

/** How a system's users state a cluster's capacity, and the summary of a probe written in it. */
public enum CapacityUnit {

    /** Bytes per second the brokers take, with the replication factor's copies (Kafka's way). */
    BYTES {
        @Override
        public CapacitySummary summarize(List<ScenarioOutcome> outcomes, int brokers) {
            return CapacitySummarizer.summarize(outcomes, brokers);
        }
    },

    /** Messages per second one master accepts (RocketMQ's TPS), not replication factor × bytes. */
    MASTER_TPS {
        @Override
        public CapacitySummary summarize(List<ScenarioOutcome> outcomes, int brokers) {
            return CapacitySummarizer.summarizeAsTps(outcomes, brokers);
        }
    };

    public abstract CapacitySummary summarize(List<ScenarioOutcome> outcomes, int brokers);
}
