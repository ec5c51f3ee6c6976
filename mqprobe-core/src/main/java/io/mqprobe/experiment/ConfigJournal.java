package io.mqprobe.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.result.ResultJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The one journal of broker-configuration changes, in the run directory: every change is written (broker,
 * key, old value and whether it was this broker's own override) and forced to disk <em>before</em> it is
 * applied, so whatever ends the run, the old values are known. {@link #restore()} puts them back at the
 * end or on Ctrl-C; a journal left by a run that died without restoring (kill -9, power) is replayed by
 * the next run against the same target ({@link #replayLeftovers}).
 */
public final class ConfigJournal {

    public static final String FILE_NAME = "config-journal.jsonl";

    private static final ObjectWriter LINE = ResultJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /**
     * One line of the journal. A static setting's change ({@code restart}) keeps, besides the value the broker
     * ran with ({@code oldValue}), the line its start-up file had ({@code startupValue}, absent when null).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String event, String target, Boolean embedded, Long pid, Integer brokerId, String key,
                        String oldValue, Boolean brokerOverride, String startupValue, Boolean restart) {

        static Entry begin(String target, boolean embedded) {
            return new Entry("begin", target, embedded, ProcessHandle.current().pid(), null, null, null, null, null, null);
        }

        static Entry change(int brokerId, String key, BrokerSetting old) {
            return new Entry("change", null, null, null, brokerId, key, old.value(), old.brokerOverride(), null, null);
        }

        static Entry restartChange(int brokerId, String key, BrokerSetting old, String startupValue) {
            return new Entry("change", null, null, null, brokerId, key, old.value(), null, startupValue, true);
        }

        static Entry restored() {
            return new Entry("restored", null, null, null, null, null, null, null, null, null);
        }

        boolean needsRestart() {
            return Boolean.TRUE.equals(restart);
        }
    }

    private final Path file;
    private final ClusterAdmin admin;
    private final BrokerRestarter restarter;
    private final boolean temporary;
    private final Map<String, Entry> changes = new LinkedHashMap<>();
    private boolean restored;

    private ConfigJournal(Path file, ClusterAdmin admin, BrokerRestarter restarter, boolean temporary) {
        this.file = file;
        this.admin = admin;
        this.restarter = restarter;
        this.temporary = temporary;
    }

    /**
     * Opens a journal for a run in {@code runDir}, writing its first line (target, this process).
     *
     * @param target   the cluster's bootstrap address: a later run replays only journals of its own target
     * @param embedded true when the cluster lives only as long as this run (its changes die with it)
     */
    public static ConfigJournal open(Path runDir, String target, boolean embedded, ClusterAdmin admin) {
        return open(runDir, target, embedded, admin, null);
    }

    /**
     * Like {@link #open(Path, String, boolean, ClusterAdmin)}, for a cluster mqprobe started and can restart:
     * static settings are changed (and restored) through {@code restarter}; {@code null} when it cannot.
     */
    public static ConfigJournal open(Path runDir, String target, boolean embedded, ClusterAdmin admin, BrokerRestarter restarter) {
        ConfigJournal journal = new ConfigJournal(runDir.resolve(FILE_NAME), admin, restarter, embedded);
        journal.append(Entry.begin(target, embedded));
        return journal;
    }

    /**
     * Sets {@code key=value} on one broker, after writing its old value (the first time this run changes it):
     * a dynamic setting by an alter-config, a static one by rewriting the broker's start-up file and restarting
     * it, unless it already runs with that value.
     *
     * @throws IllegalStateException when a static setting cannot be changed (no restarter) or the restarted
     *                               broker does not report the new value
     */
    public synchronized void set(int brokerId, String key, String value) {
        if (restored) {
            throw new IllegalStateException("the journal was restored; no more changes in this run");
        }
        String id = brokerId + "/" + key;
        BrokerSetting now = admin.brokerSetting(brokerId, key);
        if (now == null) {
            throw new IllegalArgumentException("broker " + brokerId + " has no setting " + key);
        }
        if (now.readOnly() && restarter == null) {
            throw new IllegalStateException(key + " is a static broker setting: it changes only by restarting the broker, "
                    + "which mqprobe does only on a cluster it started");
        }
        if (!changes.containsKey(id)) {
            Entry change = now.readOnly() ? Entry.restartChange(brokerId, key, now, restarter.startupValue(brokerId, key).orElse(null))
                    : Entry.change(brokerId, key, now);
            append(change);
            changes.put(id, change);
        }
        if (!changes.get(id).needsRestart()) {
            admin.alterBrokerConfig(brokerId, Collections.singletonMap(key, value));
            return;
        }
        // back at the value it ran with before this run: the file's own line, so the broker is exactly as it was
        Entry change = changes.get(id);
        restarter.writeStartupValue(brokerId, key, value.equals(change.oldValue()) ? change.startupValue() : value);
        if (!value.equals(now.value())) {
            restarter.restart(brokerId);
            BrokerSetting after = admin.brokerSetting(brokerId, key);
            String running = after == null ? null : after.value();
            if (!value.equals(running)) {
                throw new IllegalStateException("broker " + brokerId + " came back with " + key + "=" + running + ", not " + value);
            }
        }
    }

    /**
     * Puts every changed setting back (last change first), once. Static settings of a cluster that lives only
     * as long as this run are left: its start-up files go with it, and restarting brokers for nothing would
     * only delay the end (or Ctrl-C).
     *
     * @return one line per setting that could not be restored (empty when all were)
     */
    public synchronized List<String> restore() {
        if (restored) {
            return List.of();
        }
        restored = true;
        List<Entry> all = changes.values().stream().filter(e -> !(temporary && e.needsRestart())).toList();
        List<String> failed = restoreAll(new ArrayList<>(all), admin, restarter);
        if (failed.isEmpty()) {
            append(Entry.restored());
        }
        return failed;
    }

    /**
     * For a shutdown hook, where no broker may be restarted (the embedded cluster is being stopped too): puts
     * back the dynamic settings only, and leaves the static ones in the journal for the next run to replay.
     */
    public synchronized void restoreWithoutRestarts() {
        if (restored) {
            return;
        }
        restored = true;
        List<Entry> all = new ArrayList<>(changes.values());
        List<String> failed = restoreAll(all.stream().filter(e -> !e.needsRestart()).toList(), admin, null);
        if (failed.isEmpty() && all.stream().noneMatch(Entry::needsRestart)) {
            append(Entry.restored());
        }
    }

    /** How many settings this run changed. */
    public synchronized int changed() {
        return changes.size();
    }

    /**
     * Restores the changes of journals that runs left behind under {@code runsRoot} (one level of run
     * directories) for this target, and marks them restored. Journals of a live mqprobe process are left
     * alone; those of an embedded cluster (gone with its run) are only marked.
     *
     * @return how many settings were put back
     */
    public static int replayLeftovers(Path runsRoot, String target, ClusterAdmin admin, Consumer<String> notice) {
        return replayLeftovers(runsRoot, target, admin, null, notice);
    }

    /** Like {@link #replayLeftovers(Path, String, ClusterAdmin, Consumer)}, restarting brokers for static settings. */
    public static int replayLeftovers(Path runsRoot, String target, ClusterAdmin admin, BrokerRestarter restarter,
                                      Consumer<String> notice) {
        if (!Files.isDirectory(runsRoot)) {
            return 0;
        }
        List<Path> journals;
        try (Stream<Path> dirs = Files.list(runsRoot)) {
            journals = dirs.map(d -> d.resolve(FILE_NAME)).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            return 0;
        }
        int putBack = 0;
        for (Path journal : journals) {
            List<Entry> entries = read(journal);
            if (entries.isEmpty() || !"begin".equals(entries.get(0).event())
                    || entries.stream().anyMatch(e -> "restored".equals(e.event()))) {
                continue;
            }
            Entry begin = entries.get(0);
            if (begin.pid() != null && ProcessHandle.of(begin.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                continue;   // a run still going restores its own changes
            }
            List<Entry> changes = entries.stream().filter(e -> "change".equals(e.event())).toList();
            if (Boolean.TRUE.equals(begin.embedded()) || !target.equals(begin.target())) {
                if (Boolean.TRUE.equals(begin.embedded())) {
                    new ConfigJournal(journal, admin, null, false).append(Entry.restored());
                }
                continue;
            }
            if (changes.isEmpty()) {
                new ConfigJournal(journal, admin, null, false).append(Entry.restored());   // the run changed nothing
                continue;
            }
            List<String> failed = restoreAll(changes, admin, restarter);
            if (failed.isEmpty()) {
                new ConfigJournal(journal, admin, null, false).append(Entry.restored());
                putBack += changes.size();
                notice.accept("mqprobe: restored " + changes.size() + " broker setting(s) left changed by an earlier run ("
                        + journal + ")");
            } else {
                notice.accept("mqprobe: could not restore what an earlier run changed (" + journal + "): " + failed.get(0));
            }
        }
        return putBack;
    }

    private static List<String> restoreAll(List<Entry> changes, ClusterAdmin admin, BrokerRestarter restarter) {
        List<String> failed = new ArrayList<>();
        for (int i = changes.size() - 1; i >= 0; i--) {
            Entry c = changes.get(i);
            if (c.needsRestart()) {
                restoreByRestart(c, admin, restarter).ifPresent(failed::add);
                continue;
            }
            // a broker's own override is set back; a value from the cluster default or the file loses the override
            String value = Boolean.TRUE.equals(c.brokerOverride()) ? c.oldValue() : null;
            try {
                admin.alterBrokerConfig(c.brokerId(), Collections.singletonMap(c.key(), value));
            } catch (RuntimeException e) {
                failed.add("broker " + c.brokerId() + " " + c.key() + ": " + e.getMessage());
            }
        }
        return failed;
    }

    /** The start-up file as it was; a restart only when the broker no longer runs with the old value. */
    private static Optional<String> restoreByRestart(Entry c, ClusterAdmin admin, BrokerRestarter restarter) {
        String what = "broker " + c.brokerId() + " " + c.key();
        if (restarter == null) {
            return Optional.of(what + ": a static setting, put back only by restarting the broker (the next run on this cluster does)");
        }
        try {
            restarter.writeStartupValue(c.brokerId(), c.key(), c.startupValue());
            BrokerSetting now = admin.brokerSetting(c.brokerId(), c.key());
            if (now == null || !Objects.equals(now.value(), c.oldValue())) {
                restarter.restart(c.brokerId());
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(what + ": " + e.getMessage());
        }
    }

    static List<Entry> read(Path journal) {
        List<Entry> entries = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(journal, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    try {
                        entries.add(ResultJson.MAPPER.readValue(line, Entry.class));
                    } catch (IOException torn) {
                        // a line torn by a crash mid-write: its change was never applied (we write before we change)
                    }
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return entries;
    }

    private static byte lastByte(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
            ch.read(one, ch.size() - 1);
            return one.get(0);
        }
    }

    private void append(Entry entry) {
        try {
            Files.createDirectories(file.getParent());
            // after a line torn by a crash, start on a fresh line so this entry stays readable
            String lead = Files.exists(file) && Files.size(file) > 0 && lastByte(file) != '\n' ? "\n" : "";
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap((lead + LINE.writeValueAsString(entry) + "\n").getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the config journal " + file, e);
        }
    }
}
