package io.mqprobe.experiment;

import io.mqprobe.api.BrokerSetting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The journal's rules on a broker kept in memory; the real brokers' side is in the CLI's SweepCommandTest. */
@Timeout(10)
class ConfigJournalTest {

    /** JUnit deletes it after each test: the runs' journals live in it. */
    @TempDir
    Path dir;

    /** Per broker: its own overrides over a shared default of 1. */
    static class MemoryBrokers extends EmptyAdmin {
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
        rewritePid(file);
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

    /** A static setting "s" (default 5): read from each broker's start-up file, taking effect only at a restart. */
    static final class MemoryRestarts extends MemoryBrokers implements BrokerRestarter {
        final Map<Integer, Map<String, String>> files = new HashMap<>(Map.of(1, new HashMap<>(), 2, new HashMap<>(Map.of("s", "7"))));
        final Map<Integer, String> running = new HashMap<>(Map.of(1, "5", 2, "7"));
        final List<Integer> restarts = new ArrayList<>();

        @Override
        public BrokerSetting brokerSetting(int brokerId, String key) {
            return key.equals("s") ? new BrokerSetting(running.get(brokerId), false, true) : super.brokerSetting(brokerId, key);
        }

        @Override
        public java.util.Optional<String> startupValue(int brokerId, String key) {
            return java.util.Optional.ofNullable(files.get(brokerId).get(key));
        }

        @Override
        public void writeStartupValue(int brokerId, String key, String value) {
            if (value == null) {
                files.get(brokerId).remove(key);
            } else {
                files.get(brokerId).put(key, value);
            }
        }

        @Override
        public void restart(int brokerId) {
            restarts.add(brokerId);
            running.put(brokerId, files.get(brokerId).getOrDefault("s", "5"));
        }
    }

    @Test
    void should_restart_a_broker_for_a_static_setting_only_when_its_value_changes_and_restore_its_file() {
        MemoryRestarts brokers = new MemoryRestarts();
        ConfigJournal journal = ConfigJournal.open(tempRun(), "h:9092", false, brokers, brokers);

        journal.set(1, "s", "5");   // already running with it
        assertThat(brokers.restarts).isEmpty();
        assertThat(brokers.files.get(1)).doesNotContainKey("s");   // its default, as the file had it
        journal.set(1, "s", "9");
        journal.set(2, "s", "9");
        journal.set(1, "k", "4");   // a dynamic one beside it
        assertThat(brokers.running).containsEntry(1, "9").containsEntry(2, "9");
        assertThat(brokers.restarts).containsExactly(1, 2);

        assertThat(journal.restore()).isEmpty();

        assertThat(brokers.files.get(1)).doesNotContainKey("s");   // the file as it was, default again
        assertThat(brokers.files.get(2)).containsEntry("s", "7");
        assertThat(brokers.running).containsEntry(1, "5").containsEntry(2, "7");
        assertThat(brokers.restarts).containsExactly(1, 2, 2, 1);
        assertThat(brokers.value(1)).isEqualTo("1");
    }

    @Test
    void should_not_restart_the_brokers_of_a_temporary_cluster_to_restore_what_dies_with_it() {
        MemoryRestarts brokers = new MemoryRestarts();
        ConfigJournal journal = ConfigJournal.open(tempRun(), "h:9092", true, brokers, brokers);
        journal.set(1, "s", "9");
        journal.set(1, "k", "4");

        assertThat(journal.restore()).isEmpty();

        assertThat(brokers.restarts).containsExactly(1);   // the change, not a restore
        assertThat(brokers.value(1)).isEqualTo("1");       // dynamic ones are still put back
    }

    @Test
    void should_refuse_a_static_setting_without_a_restarter_and_leave_it_to_the_next_run_from_a_shutdown_hook(@TempDir Path runs) {
        MemoryRestarts brokers = new MemoryRestarts();
        assertThatThrownBy(() -> ConfigJournal.open(runs.resolve("a"), "h:9092", false, brokers).set(1, "s", "9"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("static");
        ConfigJournal hooked = ConfigJournal.open(runs.resolve("b"), "h:9092", false, brokers, brokers);
        hooked.set(1, "s", "9");
        hooked.set(1, "k", "4");

        hooked.restoreWithoutRestarts();   // Ctrl-C twice: the hook may not restart brokers

        assertThat(brokers.value(1)).isEqualTo("1");
        assertThat(brokers.running).containsEntry(1, "9");
        Path file = runs.resolve("b").resolve(ConfigJournal.FILE_NAME);
        rewritePid(file);
        assertThat(ConfigJournal.replayLeftovers(runs, "h:9092", brokers, brokers, n -> { })).isEqualTo(2);
        assertThat(brokers.running).containsEntry(1, "5");
        assertThat(brokers.files.get(1)).doesNotContainKey("s");
    }

    @Test
    void should_leave_the_journal_of_a_run_still_going_alone(@TempDir Path runs) {
        MemoryBrokers brokers = new MemoryBrokers();
        ConfigJournal live = ConfigJournal.open(runs.resolve("b"), "h:9092", false, brokers);   // this JVM: alive
        live.set(1, "k", "4");

        assertThat(ConfigJournal.replayLeftovers(runs, "h:9092", brokers, n -> { })).isZero();
        assertThat(brokers.value(1)).isEqualTo("4");
    }

    /** Makes a journal look like one of a process that is gone. */
    private static void rewritePid(Path file) {
        try {
            Files.writeString(file, Files.readString(file).replaceFirst("\"pid\":\\d+", "\"pid\":2147483646"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Path tempRun() {
        try {
            return Files.createTempDirectory(dir, "run");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
