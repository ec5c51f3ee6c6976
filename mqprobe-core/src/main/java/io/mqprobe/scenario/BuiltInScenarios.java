package io.mqprobe.scenario;

import io.mqprobe.api.Durability;
import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The classic capacity matrix of the field method (see DESIGN.md, "Drive the cluster to saturation"). */
public final class BuiltInScenarios {

    public static final List<ScenarioSpec> ALL = List.of(
            // pinned to the broker broker-ceiling loads: the same broker in every run, so runs name the same process and
            // "a single partition above its broker's ceiling" compares one broker with itself
            new ScenarioSpec("single", "1 partition on one broker, RF 1, leader acknowledges: one partition's ceiling (one file being appended)",
                    1, 1, true, Durability.LEADER, 1, Map.of()),
            new ScenarioSpec("broker-ceiling", "all partitions on one broker, RF 1, leader acknowledges: one broker's ceiling",
                    0, 1, true, Durability.LEADER, 1, Map.of()),
            new ScenarioSpec("replicated-all", "partitions over all brokers, RF 3, all replicas acknowledge: durable capacity (the guaranteed floor)",
                    0, 0, false, Durability.ALL_REPLICAS, 2, Map.of()),
            new ScenarioSpec("replicated-leader", "partitions over all brokers, RF 3, leader acknowledges: peak business traffic the leaders accept",
                    0, 0, false, Durability.LEADER, 2, Map.of()));

    /**
     * The field study of SSL with many topics, scaled to one small machine: 24 topics × 3 partitions × RF 3, load
     * on 4 of them from 16 synchronous senders per client, all replicas acknowledging (so waiting for followers
     * shows). Run only when named; {@code --topic-count 600 --loaded-topics 10 --sync-senders 1200} is the study's size.
     */
    public static final ScenarioSpec MANY_TOPICS = new ScenarioSpec("many-topics",
            "many topics × 3 partitions × RF 3, load on a few from synchronous senders: where latency goes with many partitions",
            3, 0, false, Durability.ALL_REPLICAS, 2, Map.of(), 24, 4, 16);

    private BuiltInScenarios() {
    }

    /** {@link #select(List, List, List)} over the Kafka matrix. */
    public static List<ScenarioSpec> select(List<String> names, List<ScenarioSpec> extra) {
        return select(names, extra, ALL);
    }

    /**
     * Picks scenarios by name from the built-ins plus {@code extra} (a YAML file's, which win on equal
     * names); an empty selection means all.
     */
    public static List<ScenarioSpec> select(List<String> names, List<ScenarioSpec> extra, List<ScenarioSpec> builtIns) {
        Map<String, ScenarioSpec> known = new LinkedHashMap<>();
        builtIns.forEach(s -> known.put(s.name(), s));
        known.put(MANY_TOPICS.name(), MANY_TOPICS);
        extra.forEach(s -> known.put(s.name(), s));
        if (names.isEmpty()) {
            return extra.isEmpty() ? builtIns : List.copyOf(extra);
        }
        List<ScenarioSpec> chosen = new ArrayList<>();
        for (String name : names) {
            ScenarioSpec s = known.get(name.trim());
            if (s == null) {
                throw new UsageException("unknown scenario '" + name + "' (known: " + String.join(", ", known.keySet()) + ")");
            }
            chosen.add(s);
        }
        return chosen;
    }
}
