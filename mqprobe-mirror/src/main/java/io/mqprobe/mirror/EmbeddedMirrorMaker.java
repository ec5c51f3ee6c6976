package io.mqprobe.mirror;

import io.mqprobe.embedded.EmbeddedClusterException;
import io.mqprobe.embedded.FreePorts;
import io.mqprobe.embedded.JvmSpec;
import io.mqprobe.embedded.NodeGroup;
import io.mqprobe.embedded.ProcessNode;
import io.mqprobe.embedded.RunDirs;
import io.mqprobe.embedded.isolation.Isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * MirrorMaker 2 in dedicated mode ({@code connect-mirror}'s {@code MirrorMaker}) in one child JVM on the shared
 * process layer: copies the topics matching a pattern from cluster {@code source} to cluster {@code target},
 * where they appear as {@code source.<topic>}. Checkpoints, heartbeats and group-offset syncing are off: only
 * the data path is measured.
 */
public final class EmbeddedMirrorMaker implements AutoCloseable {

    /** MM2's alias of the source cluster, hence the prefix of mirrored topics in the target. */
    public static final String SOURCE_ALIAS = "source";
    public static final String TARGET_ALIAS = "target";
    private static final String LOG_CONFIG = "classpath:io/mqprobe/kafka/embedded/broker-log4j2.xml";
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final long HEAP_BYTES = 512L << 20;

    private final NodeGroup group;

    private EmbeddedMirrorMaker(NodeGroup group) {
        this.group = group;
    }

    /** The name a source topic gets in the target cluster. */
    public static String mirroredName(String sourceTopic) {
        return SOURCE_ALIAS + "." + sourceTopic;
    }

    /**
     * Starts the mirror; it finds new matching topics within about a second.
     *
     * @param topicPattern   regular expression of the source topics to copy
     * @param producerProps  settings of MM2's producer into the target (e.g. compression.type), may be empty
     */
    public static EmbeddedMirrorMaker start(String sourceBootstrap, String targetBootstrap, String topicPattern,
                                            int targetReplicationFactor, Map<String, String> producerProps) {
        Path runDir = RunDirs.prepare(null, "mqprobe-mirror-");
        ProcessNode node = new ProcessNode(1, "mirror-maker", runDir.resolve("mirror-maker"), "127.0.0.1",
                FreePorts.allocate(1)[0], Map.of());
        // stopped gracefully on close: its offsets live in the clusters, and a kill would copy records again next time
        NodeGroup group = new NodeGroup(UUID.randomUUID().toString(), runDir, List.of(node), Isolation.none(), false, false,
                Map::of).keepingStateElsewhere();
        try {
            Files.createDirectories(node.dir());
            Path config = node.dir().resolve("mm2.properties");
            writeConfig(config, properties(sourceBootstrap, targetBootstrap, topicPattern, targetReplicationFactor, producerProps));
            group.installShutdownHook(List.of(List.of(node)));
            group.launch(node, new JvmSpec(MirrorMain.class.getName(), List.of(config.toString()), HEAP_BYTES,
                    List.of("-Dkafka.logs.dir=" + node.logDir()), LOG_CONFIG, ProcessHandle.current().pid()));
        } catch (IOException e) {
            group.abort();
            throw new UncheckedIOException("cannot write the MirrorMaker 2 config in " + node.dir(), e);
        } catch (RuntimeException e) {
            group.abort();
            throw e;
        }
        return new EmbeddedMirrorMaker(group);
    }

    /** The dedicated-mode settings: one flow source→target, internal topics sized for the target's brokers. */
    static Map<String, String> properties(String sourceBootstrap, String targetBootstrap, String topicPattern, int targetRf,
                                          Map<String, String> producerProps) {
        Map<String, String> p = new TreeMap<>();
        p.put("clusters", SOURCE_ALIAS + ", " + TARGET_ALIAS);
        p.put(SOURCE_ALIAS + ".bootstrap.servers", sourceBootstrap);
        p.put(TARGET_ALIAS + ".bootstrap.servers", targetBootstrap);
        String flow = SOURCE_ALIAS + "->" + TARGET_ALIAS;
        p.put(flow + ".enabled", "true");
        p.put(flow + ".topics", topicPattern);
        p.put(TARGET_ALIAS + "->" + SOURCE_ALIAS + ".enabled", "false");
        // new source topics are found within a second, not the default ten minutes
        p.put("refresh.topics.interval.seconds", "1");
        p.put("refresh.groups.enabled", "false");
        p.put("emit.checkpoints.enabled", "false");
        p.put("emit.heartbeats.enabled", "false");
        p.put("sync.group.offsets.enabled", "false");
        p.put("sync.topic.acls.enabled", "false");
        String rf = Integer.toString(targetRf);
        for (String key : List.of("replication.factor", "checkpoints.topic.replication.factor", "heartbeats.topic.replication.factor",
                "offset-syncs.topic.replication.factor", "offset.storage.replication.factor", "config.storage.replication.factor",
                "status.storage.replication.factor")) {
            p.put(key, rf);
        }
        p.put("tasks.max", "1");
        producerProps.forEach((k, v) -> p.put(TARGET_ALIAS + ".producer." + k, v));
        return p;
    }

    /** The mirror's process id, for /proc sampling; -1 once it is gone. */
    public long pid() {
        return group.nodes().get(0).pid();
    }

    public boolean running() {
        return group.anyRunning();
    }

    /** The last lines of the mirror's console and log, e.g. when nothing arrives. */
    public String logTail(int lines) {
        ProcessNode node = group.nodes().get(0);
        return node.logTail(lines, node.logDir().resolve("server.log"));
    }

    /** Fails with the log tail when the mirror exited. */
    public void checkAlive() {
        ProcessNode node = group.nodes().get(0);
        if (!node.alive()) {
            throw new EmbeddedClusterException("MirrorMaker 2 exited", logTail(40), null);
        }
    }

    @Override
    public void close() {
        group.close(List.of(group.nodes()), STOP_TIMEOUT);
    }

    private static void writeConfig(Path file, Map<String, String> settings) throws IOException {
        StringBuilder text = new StringBuilder("# written by mqprobe for MirrorMaker 2 (dedicated mode)\n");
        settings.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Files.writeString(file, text);
    }
}
