package io.mqprobe.experiment;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.TopicSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The journal's rules on a broker kept in memory; the real brokers' side is in the CLI's SweepCommandTest. */
@Timeout(10)
class ConfigJournalTest {

    /** Per broker: its own overrides over a shared default of 1. */
    static final class MemoryBrokers implements ClusterAdmin {
        final Map<Integer, Map<String, String>> overrides = new HashMap<>(Map.of(1, new HashMap<>(), 2, new HashMap<>(Map.of("k", "2"))));

        String value(int broker) {
            return overrides.get(broker).getOrDefault("k", "1");
        }

        @Override
        public BrokerSetting brokerSetting(int brokerId, String key) {
            String own = overrides.get(brokerId).get(key);
            return new BrokerSetting(own != null ? own : "1", own != null, false);
        }

        @Override
        public void alterBrokerConfig(int brokerId, Map<String, String> settings) {
            settings.forEach((k, v) -> {
                if (v == null) {
                    overrides.get(brokerId).remove(k);
                } else {
                    overrides.get(brokerId).put(k, v);
                }
            });
        }

        @Override
        public void createTopic(TopicSpec spec) {
        }

        @Override
        public void deleteTopics(Collection<String> names) {
        }

        @Override
        public Set<String> listTopics() {
            return Set.of();
        }

        @Override
        public List<PartitionInfo> describeTopic(String name) {
            return List.of();
        }

        @Override
        public List<BrokerInfo> describeBrokers() {
            return List.of();
        }

        @Override
        public Map<String, String> brokerConfig(int brokerId) {
            return Map.of();
        }

        @Override
        public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
            return List.of();
        }

        @Override
        public long consumerGroupLag(String groupId) {
            return 0;
        }
    }

    @Test
    void should_put_back_a_brokers_own_override_and_remove_the_ones_it_added() {
        MemoryBrokers brokers = new MemoryBrokers();
        ConfigJournal journal = ConfigJournal.open(tempRun(), "h:9092", false, brokers);
        journal.set(1, "k", "4");
        journal.set(2, "k", "4");
        journal.set(1, "k", "8");   // the old value is the one before this run's first change

        assertThat(journal.restore()).isEmpty();

        assertThat(brokers.overrides.get(1)).doesNotContainKey("k");
        assertThat(brokers.overrides.get(2)).containsEntry("k", "2");
    }

    @Test
    void should_replay_a_dead_runs_journal_for_its_own_target_only_and_once(@TempDir Path runs) throws Exception {
        MemoryBrokers brokers = new MemoryBrokers();
        ConfigJournal dead = ConfigJournal.open(runs.resolve("a"), "h:9092", false, brokers);
        dead.set(1, "k", "4");
        dead.set(2, "k", "4");
        // the run died here: no restore; pretend its process is gone and a crash tore its last line
        Path file = runs.resolve("a").resolve(ConfigJournal.FILE_NAME);
        Files.writeString(file, Files.readString(file).replaceFirst("\"pid\":\\d+", "\"pid\":2147483646"));
        Files.writeString(file, "{\"event\":\"chan", StandardOpenOption.APPEND);
        List<String> notices = new ArrayList<>();

        assertThat(ConfigJournal.replayLeftovers(runs, "other:9092", brokers, notices::add)).isZero();
        assertThat(brokers.value(1)).isEqualTo("4");
        assertThat(ConfigJournal.replayLeftovers(runs, "h:9092", brokers, notices::add)).isEqualTo(2);
        assertThat(brokers.value(1)).isEqualTo("1");
        assertThat(brokers.value(2)).isEqualTo("2");
        assertThat(notices).singleElement().asString().contains("restored 2 broker setting(s)");
        brokers.alterBrokerConfig(1, Map.of("k", "9"));
        assertThat(ConfigJournal.replayLeftovers(runs, "h:9092", brokers, notices::add)).isZero();   // marked restored
        assertThat(brokers.value(1)).isEqualTo("9");
    }

    @Test
    void should_leave_the_journal_of_a_run_still_going_alone(@TempDir Path runs) {
        MemoryBrokers brokers = new MemoryBrokers();
        ConfigJournal live = ConfigJournal.open(runs.resolve("b"), "h:9092", false, brokers);   // this JVM: alive
        live.set(1, "k", "4");

        assertThat(ConfigJournal.replayLeftovers(runs, "h:9092", brokers, n -> { })).isZero();
        assertThat(brokers.value(1)).isEqualTo("4");
    }

    private static Path tempRun() {
        try {
            return Files.createTempDirectory("journal-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
