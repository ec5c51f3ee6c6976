package io.mqprobe.monitor.profile;

import io.mqprobe.api.profile.ProcessProfile;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The one place that names what a sampled stack was doing: Kafka's subsystems on a broker, the send path on a client,
 * and the thread pool a thread belongs to. A stack is read from its top (the running frame) down, and the first frame
 * a rule knows decides: a checksum computed while appending is checksum work, a TLS record written by a network thread
 * is TLS. Class anchors are Kafka 3.x and 4.x's (Scala {@code kafka.*} and Java {@code org.apache.kafka.*}).
 */
public final class Subsystems {

    public static final String OTHER = "other";
    public static final String TLS = "TLS";
    public static final String GZIP = "compression (gzip)";
    public static final String FOLLOWER = "replication fetch (follower)";
    static final String CLASS_LOADING_PART = "class loading";
    private static final List<String> CLASS_LOADING = List.of("java.lang.ClassLoader.loadClass", "jdk.internal.loader.",
            "java.util.jar.JarFile.getInputStream", "java.net.URLClassLoader");
    static final String FETCHERS = "replica fetchers";

    /** Which processes a rule applies to: the same record classes validate on a broker and batch on a client. */
    enum Side { ANY, BROKER, CLIENT }

    /** A part and the class or method prefixes that put a frame in it. */
    record Rule(String part, Side side, List<String> prefixes) {
        boolean matches(String frame, boolean broker) {
            if (side == Side.BROKER && !broker || side == Side.CLIENT && broker) {
                return false;
            }
            for (String prefix : prefixes) {
                if (frame.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** In order: where one frame matches two rules, the first wins. */
    static final List<Rule> RULES = List.of(
            new Rule(TLS, Side.ANY, List.of("sun.security.ssl.", "javax.crypto.", "com.sun.crypto.provider.", "sun.security.",
                    "javax.net.ssl.", "java.security.SecureRandom", "org.apache.kafka.common.network.SslTransportLayer",
                    "org.apache.kafka.common.security.ssl.")),
            new Rule("CRC32C", Side.ANY, List.of("org.apache.kafka.common.utils.Crc32C", "java.util.zip.CRC32C")),
            new Rule(GZIP, Side.ANY, List.of("java.util.zip.Deflater", "java.util.zip.Inflater", "java.util.zip.GZIP",
                    "java.util.zip.CRC32.", "java.util.zip.Adler32", "org.apache.kafka.common.compress.GzipCompression",
                    "org.apache.kafka.common.compress.KafkaGZIP")),
            new Rule("compression (snappy)", Side.ANY, List.of("org.xerial.snappy.", "org.apache.kafka.common.compress.Snappy")),
            new Rule("compression (lz4)", Side.ANY, List.of("net.jpountz.", "org.apache.kafka.common.compress.Lz4",
                    "org.apache.kafka.common.compress.KafkaLZ4")),
            new Rule("compression (zstd)", Side.ANY, List.of("com.github.luben.zstd.", "org.apache.kafka.common.compress.Zstd")),
            new Rule("flush", Side.BROKER, List.of("sun.nio.ch.FileChannelImpl.force", "sun.nio.ch.FileDispatcherImpl.force",
                    "org.apache.kafka.common.record.FileRecords.flush", "kafka.log.LogSegment.flush",
                    "org.apache.kafka.storage.internals.log.LogSegment.flush", "kafka.log.UnifiedLog.flush",
                    "org.apache.kafka.storage.internals.log.UnifiedLog.flush", "kafka.log.LocalLog.flush")),
            new Rule("log cleaner", Side.BROKER, List.of("kafka.log.LogCleaner", "kafka.log.Cleaner",
                    "org.apache.kafka.storage.internals.log.LogCleaner", "org.apache.kafka.storage.internals.log.Cleaner")),
            new Rule("produce validation", Side.BROKER, List.of("kafka.log.LogValidator",
                    "org.apache.kafka.storage.internals.log.LogValidator", "org.apache.kafka.common.record.DefaultRecordBatch",
                    "org.apache.kafka.common.record.DefaultRecord", "org.apache.kafka.common.record.AbstractLegacyRecordBatch",
                    "org.apache.kafka.common.record.MemoryRecordsBuilder")),
            new Rule("segment I/O", Side.BROKER, List.of("org.apache.kafka.common.record.FileRecords",
                    "org.apache.kafka.common.record.FileLogInputStream", "sun.nio.ch.FileChannelImpl",
                    "sun.nio.ch.FileDispatcherImpl", "kafka.log.LogSegment", "org.apache.kafka.storage.internals.log.LogSegment",
                    "org.apache.kafka.storage.internals.log.AbstractIndex", "org.apache.kafka.storage.internals.log.OffsetIndex",
                    "org.apache.kafka.storage.internals.log.TimeIndex", "kafka.log.AbstractIndex")),
            new Rule("log append", Side.BROKER, List.of("kafka.log.UnifiedLog.append", "kafka.log.UnifiedLog.analyzeAndValidate",
                    "org.apache.kafka.storage.internals.log.UnifiedLog.append", "kafka.log.LocalLog.append",
                    "org.apache.kafka.storage.internals.log.LocalLog.append", "kafka.cluster.Partition.appendRecordsToLeader",
                    "kafka.server.ReplicaManager.appendToLocalLog", "kafka.server.ReplicaManager.appendRecords",
                    "org.apache.kafka.storage.internals.log.ProducerStateManager", "kafka.log.UnifiedLog",
                    "org.apache.kafka.storage.internals.log.UnifiedLog")),
            new Rule(FOLLOWER, Side.BROKER, List.of("kafka.server.ReplicaFetcherThread",
                    "kafka.server.AbstractFetcherThread", "kafka.server.RemoteLeaderEndPoint", "kafka.server.ReplicaFetcherBlockingSend",
                    "kafka.cluster.Partition.appendRecordsToFollowerOrFutureReplica")),
            new Rule("fetch serving (followers, consumers)", Side.BROKER, List.of("kafka.server.ReplicaManager.fetchMessages",
                    "kafka.server.ReplicaManager.readFromLog", "kafka.server.ReplicaManager.readFromLocalLog",
                    "kafka.server.KafkaApis.handleFetchRequest", "kafka.server.DelayedFetch", "kafka.server.FetchSession",
                    "kafka.cluster.Partition.fetchRecords", "kafka.cluster.Partition.updateFollowerFetchState",
                    "org.apache.kafka.server.purgatory.")),
            new Rule("metadata (KRaft)", Side.BROKER, List.of("org.apache.kafka.raft.", "org.apache.kafka.controller.",
                    "org.apache.kafka.metadata.", "org.apache.kafka.image.", "kafka.server.metadata.",
                    "org.apache.kafka.snapshot.")),
            new Rule("network I/O", Side.ANY, List.of("org.apache.kafka.common.network.", "kafka.network.",
                    "sun.nio.ch.SocketChannelImpl", "sun.nio.ch.SocketDispatcher", "sun.nio.ch.EPoll", "sun.nio.ch.SelectorImpl",
                    "sun.nio.ch.IOUtil", "sun.nio.ch.NioSocketImpl", "java.nio.channels.")),
            new Rule("request handling", Side.BROKER, List.of("kafka.server.KafkaApis", "kafka.server.KafkaRequestHandler",
                    "kafka.server.ReplicaManager", "kafka.cluster.Partition", "org.apache.kafka.common.requests.",
                    "org.apache.kafka.common.protocol.", "org.apache.kafka.common.message.", "kafka.server.")),
            new Rule("metrics", Side.ANY, List.of("org.apache.kafka.common.metrics.", "com.yammer.metrics.",
                    "org.apache.kafka.server.metrics.")),
            new Rule(ProcessProfile.MONITORING, Side.ANY, List.of("jdk.jfr.", "jdk.management.jfr.", "javax.management.",
                    "com.sun.jmx.", "sun.management.", "java.lang.management.", "com.sun.management.", "sun.rmi.", "java.rmi.")),
            new Rule("record batching", Side.CLIENT, List.of("org.apache.kafka.clients.producer.internals.RecordAccumulator",
                    "org.apache.kafka.clients.producer.internals.ProducerBatch", "org.apache.kafka.common.record.")),
            new Rule("producer send", Side.CLIENT, List.of("org.apache.kafka.clients.producer.", "org.apache.kafka.clients.",
                    "org.apache.kafka.common.serialization.")),
            new Rule("latency recording", Side.CLIENT, List.of("org.HdrHistogram.", "io.mqprobe.stats.")),
            new Rule("mqprobe", Side.CLIENT, List.of("io.mqprobe.")));

    /** Thread names to pools: digits and the client id after a {@code |} vary between threads of one pool. */
    private static final List<String[]> POOLS = List.of(
            new String[]{"data-plane-kafka-request-handler", "request handlers"},
            new String[]{"kafka-request-handler", "request handlers"},
            new String[]{"data-plane-kafka-network-thread", "network processors"},
            new String[]{"data-plane-kafka-socket-acceptor", "network acceptor"},
            new String[]{"ReplicaFetcherThread", FETCHERS},
            new String[]{"kafka-log-cleaner-thread", "log cleaner"},
            new String[]{"kafka-scheduler", "scheduler (flush, retention)"},
            new String[]{"kafka-producer-network-thread", "client I/O thread"},
            new String[]{"mqprobe-send", "client send threads"},
            new String[]{"mqprobe-jfr", "monitoring"},
            new String[]{"RMI TCP", "JMX"},
            new String[]{"JFR", "flight recorder"});
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private Subsystems() {
    }

    /**
     * Parts a thread's pool does not override: the cost of a library wherever it is called. These are also the only parts
     * a native sample counts for: a codec or a checksum in native code computes, while a thread in a native file or
     * socket call may as well be waiting on the kernel (a write held back by dirty-page throttling, a descheduled thread
     * under a CPU quota), which the recorder cannot tell apart: counted, file writes alone came out as 68 % of a broker
     * whose quota was full.
     */
    static final List<String> LIBRARY_PARTS = List.of(TLS, "CRC32C", GZIP, "compression (snappy)", "compression (lz4)",
            "compression (zstd)");

    /**
     * The part a stack belongs to. A replica fetcher's work is the follower's side of replication, its disk writes and
     * network reads included, unless it ran a library that has a part of its own (a checksum, a codec, TLS).
     *
     * @param frames {@code class.method} per frame, the running frame first
     * @param pool   the thread's pool ({@link #pool})
     * @param broker true for a broker's stack, false for a client's
     */
    public static String part(List<String> frames, String pool, boolean broker) {
        String part = byFrames(frames, broker);
        return broker && FETCHERS.equals(pool) && !LIBRARY_PARTS.contains(part) ? FOLLOWER : part;
    }

    private static String byFrames(List<String> frames, boolean broker) {
        for (String frame : frames) {
            // a class read from a jar inflates it: that is the JVM loading code, not a codec at work
            if (CLASS_LOADING.stream().anyMatch(frame::startsWith)) {
                return Subsystems.CLASS_LOADING_PART;
            }
        }
        for (String frame : frames) {
            for (Rule rule : RULES) {
                if (rule.matches(frame, broker)) {
                    return rule.part();
                }
            }
        }
        return OTHER;
    }

    /** The pool a thread belongs to: "request handlers"; otherwise its name with numbers blurred. */
    public static String pool(String threadName) {
        if (threadName == null) {
            return "unnamed threads";
        }
        for (String[] pool : POOLS) {
            if (threadName.startsWith(pool[0])) {
                return pool[1];
            }
        }
        int bar = threadName.indexOf(" | ");
        return DIGITS.matcher(bar > 0 ? threadName.substring(0, bar) : threadName).replaceAll("N");
    }
}
