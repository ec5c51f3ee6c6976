package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.ProcessNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes one embedded broker's {@code server.properties}: KRaft with a static one-voter quorum on
 * broker 1, everything on the node's address (127.0.0.1, or its network namespace's), metadata log
 * apart from the data so a wipe keeps the quorum.
 */
final class BrokerConfig {

    private BrokerConfig() {
    }

    /** @param ssl the SSL listener's keys, or {@code null} for a plaintext-only broker */
    static Map<String, String> settings(ProcessNode node, ProcessNode controller, int brokerCount, Map<String, String> overrides,
                                        SslMaterial ssl) {
        BrokerFiles files = BrokerFiles.of(node);
        boolean isController = node == controller;
        String controllerAddress = controller.host() + ":" + controller.port(BrokerFiles.CONTROLLER_PORT);
        String listener = "PLAINTEXT://" + node.host() + ":" + node.port(BrokerFiles.PORT);
        if (ssl != null) {
            listener += ",SSL://" + node.host() + ":" + node.port(BrokerFiles.SSL_PORT);
        }
        Map<String, String> s = new TreeMap<>();
        s.put("node.id", Integer.toString(node.id()));
        s.put("process.roles", isController ? "broker,controller" : "broker");
        s.put("controller.quorum.voters", "1@" + controllerAddress);
        s.put("controller.listener.names", "CONTROLLER");
        // with SSL, replication runs over it too: the field study's cluster encrypted follower fetches as well
        s.put("inter.broker.listener.name", ssl != null ? "SSL" : "PLAINTEXT");
        s.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT");
        s.put("listeners", isController ? listener + ",CONTROLLER://" + controllerAddress : listener);
        s.put("advertised.listeners", listener);
        s.put("log.dirs", files.dataDir().toString());
        s.put("metadata.log.dir", files.metadataDir().toString());
        // consumers in tests and short runs must not wait 3 s for a rebalance that nobody else joins
        s.put("group.initial.rebalance.delay.ms", "0");
        // the group coordinator's topic is created on the first consumer; 50 partitions cost seconds on 2 cores
        s.put("offsets.topic.num.partitions", "10");
        // the disk budget: a deleted topic's files and retention's deleted segments go a second later, not a minute,
        // and retention runs often enough that a topic capped by retention.bytes stays near its cap under fast load.
        // The broker's name for it: file.delete.delay.ms is only the topic-level one, which this file set before and
        // the broker ignored: a probe's deleted 54 GB topic then stayed on the disk for the minute in which the next
        // scenario filled it. Not 0, which makes the broker's delete task spin (KAFKA-16588).
        s.put("log.segment.delete.delay.ms", "1000");
        // the log manager's tasks (deletion and retention among them) start this long after the broker, not 30 s
        s.put("log.initial.task.delay.ms", "1000");
        s.put("log.retention.check.interval.ms", "5000");
        // a topic with unclean.leader.election.enable elects an out-of-sync replica within a second, as a chaos plan
        // expects; the controller's default check comes every 5 minutes, longer than any run
        s.put("unclean.leader.election.interval.ms", "1000");
        if (brokerCount < 3) {
            int rf = brokerCount;
            s.put("offsets.topic.replication.factor", Integer.toString(rf));
            s.put("transaction.state.log.replication.factor", Integer.toString(rf));
            s.put("transaction.state.log.min.isr", "1");
            s.put("share.coordinator.state.topic.replication.factor", Integer.toString(rf));
            s.put("share.coordinator.state.topic.min.isr", "1");
        }
        if (ssl != null) {
            s.putAll(ssl.brokerSettings());
        }
        s.putAll(overrides);
        return s;
    }

    static void write(Path file, Map<String, String> settings) {
        StringBuilder text = new StringBuilder("# written by mqprobe for an embedded broker\n");
        settings.forEach((k, v) -> text.append(k).append('=').append(escape(v)).append('\n'));
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Plain {@code key=value} lines stay readable; only what java.util.Properties would misread is escaped. */
    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }
}
