package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.embedded.EmbeddedClusterException;
import io.mqprobe.embedded.FreePorts;
import io.mqprobe.embedded.JvmSpec;
import io.mqprobe.embedded.NodeGroup;
import io.mqprobe.embedded.NodeGroupCluster;
import io.mqprobe.embedded.NodeGroupOptions;
import io.mqprobe.embedded.ProcessNode;
import io.mqprobe.embedded.Readiness;
import io.mqprobe.embedded.RunDirs;
import io.mqprobe.embedded.SyncMode;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.CpuPlan;
import io.mqprobe.embedded.isolation.Isolation;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * A real Apache RocketMQ cluster on the shared process layer ({@link NodeGroup}): brokers 1 (the master) and
 * 2, 3 (slaves, when the layout has them) of one broker group, and a name server as the last node, each in
 * its own child JVM on 127.0.0.1 with JMX on. Offers the same faults as the Kafka cluster (kill -9, stop,
 * restart, wipe, pause) on any node, the name server included, and can outlive this process.
 */
public final class EmbeddedRocketMqCluster extends NodeGroupCluster {

    static final String PORT = "port";
    static final String HA_PORT = "ha.port";
    private static final int PORT_PICKS = 50;
    private static final String TEMP_PREFIX = "mqprobe-rocketmq-";
    private static final String NAME_SERVER = "namesrv";
    private static final List<String> PORT_TAKEN_SIGNS = List.of("Address already in use", "BindException");

    private final RocketMqClusterOptions options;

    private EmbeddedRocketMqCluster(NodeGroup group, RocketMqClusterOptions options, long watchedPid) {
        super(group, watchedPid);
        this.options = options;
    }

    /**
     * Starts the name server, then the brokers, and blocks until every broker is registered (and every slave
     * replicates from the master).
     *
     * @throws EmbeddedClusterException when a node exits or does not serve within the start timeout; its logs stay
     */
    public static EmbeddedRocketMqCluster start(RocketMqClusterOptions options) {
        return start(options, ProcessHandle.current().pid(), System.err::println);
    }

    /** Like {@link #start(RocketMqClusterOptions)}, with one-line notices (isolation off and why) going to {@code notice}. */
    public static EmbeddedRocketMqCluster start(RocketMqClusterOptions options, Consumer<String> notice) {
        return start(options, ProcessHandle.current().pid(), notice);
    }

    /** Nodes halt when {@code watchedPid} dies (tests use a stand-in). */
    static EmbeddedRocketMqCluster start(RocketMqClusterOptions options, long watchedPid, Consumer<String> notice) {
        int brokers = options.layout().brokers();
        CpuPlan plan = BrokerIsolation.plan(options.isolation(), brokers);   // refused before anything exists
        Path runDir = RunDirs.prepare(options.runDir(), TEMP_PREFIX);
        return launchRetryingPorts(runDir, () -> {
            // the brokers in cgroups through the same layer as Kafka's; the name server is not a broker and stays outside
            Isolation isolation = BrokerIsolation.open(options.isolation(), plan,
                    IntStream.rangeClosed(1, brokers).mapToObj(EmbeddedRocketMqCluster::brokerName).toList(), runDir, notice);
            return new EmbeddedRocketMqCluster(new NodeGroup(UUID.randomUUID().toString(), runDir,
                    layout(options.layout(), runDir, isolation), isolation, options.keepRunDir(), false, settings(options)),
                    options, watchedPid);
        }, EmbeddedRocketMqCluster::startNodes, PORT_TAKEN_SIGNS);
    }

    /**
     * The detached cluster whose state is in {@code stateDir}; empty when there is none or it died (its isolation and
     * run dir are then removed).
     */
    public static Optional<EmbeddedRocketMqCluster> attach(Path stateDir) {
        Path dir = stateDir.toAbsolutePath();
        return detachedState(dir).filter(state -> "rocketmq".equals(state.settings().get("kind"))).map(state -> {
            RocketMqClusterOptions options = fromSettings(state.settings()).withRunDir(dir);
            return new EmbeddedRocketMqCluster(attachedGroup(dir, state, settings(options)), options,
                    ProcessHandle.current().pid());
        });
    }

    /** The name server's {@code host:port}: what clients are given. */
    public String nameServer() {
        ProcessNode n = nameServerNode();
        return n.host() + ":" + n.port(PORT);
    }

    @Override
    public String system() {
        return "RocketMQ";
    }

    /** Clients are given the name server. */
    @Override
    public String bootstrap() {
        return nameServer();
    }

    @Override
    public int listenerPort(int brokerId) {
        return group.node(brokerId).port(PORT);
    }

    public RocketMqLayout layout() {
        return options.layout();
    }

    /** Node id of the name server (the last node), e.g. to kill it in a fault test. */
    public int nameServerId() {
        return nameServerNode().id();
    }

    /** The last lines of a node's console and RocketMQ logs. */
    @Override
    public String logTail(int nodeId, int lines) {
        ProcessNode node = group.node(nodeId);
        return node.logTail(lines, node.logDir().resolve(kind(node) + ".log"));
    }

    /** Waits until the running nodes serve (see {@link RocketMqReadiness}). */
    @Override
    public void awaitReady(Duration timeout) {
        List<ProcessNode> running = group.nodes().stream().filter(ProcessNode::alive).toList();
        if (running.isEmpty()) {
            return;
        }
        DefaultMQAdminExt admin = new DefaultMQAdminExt(3_000);
        admin.setNamesrvAddr(nameServer());
        admin.setInstanceName("mqprobe-embedded-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            admin.start();
            Readiness.await(running, timeout, "RocketMQ nodes", new RocketMqReadiness(nameServerNode(), admin),
                    n -> logTail(n.id(), 40));
        } catch (org.apache.rocketmq.client.exception.MQClientException e) {
            throw new EmbeddedClusterException("cannot start an admin client for readiness: " + e.getMessage(), "", e);
        } finally {
            admin.shutdown();
        }
    }

    private void startNodes() {
        prepareNodes(this::writeConfig);
        ProcessNode nameServer = nameServerNode();
        launch(nameServer);
        // a broker that finds no name server retries registering only every 30 s: let the name server listen first
        Readiness.await(List.of(nameServer), options.startTimeout(), "RocketMQ name server",
                running -> Readiness.listening(nameServer.host(), nameServer.port(PORT)), n -> logTail(n.id(), 40));
        // the master first: a slave learns where to replicate from in the answer to its registration, and
        // registers again only every 30 s
        List<ProcessNode> brokers = brokerNodes();
        launch(brokers.get(0));
        awaitReady(options.startTimeout());
        brokers.subList(1, brokers.size()).forEach(this::launch);
        awaitReady(options.startTimeout());
        group.isolation().serving();
    }

    private void writeConfig(ProcessNode node) {
        Map<String, String> settings = new HashMap<>();
        if (node.name().equals(NAME_SERVER)) {
            settings.putAll(RocketMqConfigs.nameServer(node.host(), node.port(PORT)));
        } else {
            settings.putAll(RocketMqConfigs.broker(options.layout(), rocketMqBrokerId(node), node.host(), nameServer(),
                    node.port(PORT), node.port(HA_PORT), dataDir(node)));
            settings.putAll(options.brokerOverrides());
        }
        StringBuilder text = new StringBuilder("# written by mqprobe for this embedded RocketMQ node\n");
        settings.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        try {
            Files.writeString(configFile(node), text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + configFile(node), e);
        }
    }

    @Override
    protected JvmSpec jvm(ProcessNode node) {
        String kind = kind(node);
        boolean broker = kind.equals(RocketMqNodeMain.BROKER);
        long heap = broker ? options.brokerHeapBytes() : options.nameServerHeapBytes();
        List<String> jvmArgs = new ArrayList<>(List.of(
                // RocketMQ puts its logs and some state under user.home and its home dir unless told otherwise
                "-Duser.home=" + node.dir(),
                "-Drocketmq.home.dir=" + node.dir(),
                "-Drocketmq.log.root=" + node.logDir(),
                "-Drocketmq.log.file=" + kind,
                "-Drocketmq.log.level=info"));
        if (broker) {
            // RocketMQ's runbroker.sh: young generation half the heap, direct memory for the transient store and Netty
            jvmArgs.add("-Xmn" + (heap >> 21) + "m");
            // under a memory limit (heap = half of it) direct memory gets half the heap, so the JVM stays inside the limit
            long directBytes = group.isolation().spec().isPresent() ? heap / 2 : heap;
            jvmArgs.add("-XX:MaxDirectMemorySize=" + (directBytes >> 20) + "m");
        }
        return new JvmSpec(RocketMqNodeMain.class.getName(), List.of(kind, configFile(node).toString()), heap, jvmArgs,
                null, watchedPid);
    }

    /** The store: commit log, queues, offsets, topics. */
    @Override
    protected Path dataDir(ProcessNode node) {
        return node.dir().resolve("store");
    }

    @Override
    protected Duration startTimeout() {
        return options.startTimeout();
    }

    /** Slaves, then the master, then the name server. */
    @Override
    protected List<List<ProcessNode>> stopOrder() {
        List<ProcessNode> brokers = brokerNodes();
        return List.of(brokers.subList(1, brokers.size()), brokers.subList(0, 1), List.of(nameServerNode()));
    }

    /** The brokers, not the name server. */
    @Override
    protected List<ProcessNode> brokerNodes() {
        List<ProcessNode> nodes = group.nodes();
        return nodes.subList(0, nodes.size() - 1);
    }

    private ProcessNode nameServerNode() {
        List<ProcessNode> nodes = group.nodes();
        return nodes.get(nodes.size() - 1);
    }

    /** RocketMQ's own broker id: 0 for node 1 (the master), 1 and 2 for the slaves. */
    static int rocketMqBrokerId(ProcessNode node) {
        return node.id() - 1;
    }

    private static String kind(ProcessNode node) {
        return node.name().equals(NAME_SERVER) ? RocketMqNodeMain.NAME_SERVER : RocketMqNodeMain.BROKER;
    }

    private static Path configFile(ProcessNode node) {
        return node.dir().resolve(kind(node) + ".properties");
    }

    private static List<ProcessNode> layout(RocketMqLayout layout, Path runDir, Isolation isolation) {
        List<ProcessNode> nodes = new ArrayList<>();
        for (int id = 1; id <= layout.brokers(); id++) {
            String name = brokerName(id);
            int[] ports = FreePorts.allocate(2);
            // the broker also binds listenPort - 2 (its "VIP" channel): pick a listen port whose neighbour is free too
            nodes.add(new ProcessNode(id, name, runDir.resolve(name), isolation.host(name), ports[1],
                    Map.of(PORT, listenPortWithFreeVipPort(isolation.host(name)), HA_PORT, ports[0])));
        }
        int[] ports = FreePorts.allocate(2);
        nodes.add(new ProcessNode(layout.brokers() + 1, NAME_SERVER, runDir.resolve(NAME_SERVER), isolation.host(NAME_SERVER),
                ports[1], Map.of(PORT, ports[0])));
        return nodes;
    }

    private static String brokerName(int id) {
        return Sources.broker(id);
    }

    private static int listenPortWithFreeVipPort(String host) {
        for (int pick = 0; pick < PORT_PICKS; pick++) {
            int port = FreePorts.allocate(1)[0];
            if (port > 1026 && free(port - 2)) {
                return port;
            }
        }
        throw new EmbeddedClusterException("found no free port pair (p, p-2) for a RocketMQ broker on " + host);
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Supplier<Map<String, String>> settings(RocketMqClusterOptions o) {
        return () -> Map.of("kind", "rocketmq", "slaves", Integer.toString(o.layout().slaves()),
                "replication", o.layout().replication().name(), "flush", o.layout().flush().name(),
                "broker.heap.bytes", Long.toString(o.brokerHeapBytes()),
                "namesrv.heap.bytes", Long.toString(o.nameServerHeapBytes()),
                "start.timeout.ms", Long.toString(o.startTimeout().toMillis()));
    }

    private static RocketMqClusterOptions fromSettings(Map<String, String> s) {
        RocketMqLayout layout = new RocketMqLayout(Integer.parseInt(s.get("slaves")),
                SyncMode.valueOf(s.get("replication")), SyncMode.valueOf(s.get("flush")));
        Duration startTimeout = Duration.ofMillis(Long.parseLong(s.get("start.timeout.ms")));
        return new RocketMqClusterOptions(layout, Long.parseLong(s.get("broker.heap.bytes")),
                Long.parseLong(s.get("namesrv.heap.bytes")), NodeGroupOptions.defaults().withStartTimeout(startTimeout));
    }
}
