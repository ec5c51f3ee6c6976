package io.mqprobe.plan;

import io.mqprobe.scenario.CapacityUnit;

import java.time.Duration;
import java.util.List;

/**
 * How a system spreads load, copies and storage over its machines, as far as a plan needs it. Kafka spreads leaders
 * and followers of every partition evenly over all brokers; RocketMQ writes to masters, each copying to its own
 * slaves. A node is what the measured capacity is per: a broker, or a master.
 */
sealed interface ClusterShape {

    static ClusterShape of(CapacityUnit unit) {
        return unit == CapacityUnit.MASTER_TPS ? new MasterSlave() : new ReplicatedLog();
    }

    /** What the node is called: "broker", "master". */
    String node();

    /** What a topic's unit of order and parallelism is called: "partitions", "queues". */
    String partitions();

    /** Bytes per second one node writes to its own log when the cluster takes {@code peak} on {@code nodes} nodes. */
    double writePerNode(double peak, int rf, int nodes);

    /** Bytes per second one node receives: produce plus replication in. */
    double nicInPerNode(double peak, int rf, int nodes);

    /** Bytes per second one node sends: replication out plus every consumer group's read. */
    double nicOutPerNode(double peak, int rf, int nodes, int consumerGroups);

    /** The arithmetic of {@link #writePerNode}, for people. */
    String writeFormula();

    /** The fewest nodes that keep every copy on a machine of its own. */
    int fewestNodes(int rf);

    /** The machines to run for {@code nodes} nodes. */
    List<Role> layout(int nodes, int rf);

    /** The machines that hold data. */
    int dataMachines(int nodes, int rf);

    /** Segment and index files a node keeps beyond the messages themselves, and why. */
    Overhead storageOverhead();

    /** How long the system keeps messages when nobody says otherwise. */
    Duration defaultRetention();

    /**
     * @param indexShare     index bytes per byte of log
     * @param perMessage     bytes a node keeps per message besides the message (RocketMQ's consume-queue entry)
     * @param openSegments   whole segments kept beyond the retention, per partition replica (Kafka) or per node
     * @param segmentBytes   one segment's size
     * @param maxUsedShare   the disk share the system itself refuses to exceed, or 1
     */
    record Overhead(double indexShare, int perMessage, boolean perPartition, long segmentBytes, double maxUsedShare,
                    String why) {
    }

    /** Kafka: every broker leads 1/N of the partitions and follows (RF − 1)/N of them. */
    record ReplicatedLog() implements ClusterShape {

        @Override
        public String node() {
            return "broker";
        }

        @Override
        public String partitions() {
            return "partitions";
        }

        @Override
        public double writePerNode(double peak, int rf, int nodes) {
            return peak * rf / nodes;
        }

        @Override
        public double nicInPerNode(double peak, int rf, int nodes) {
            return peak * rf / nodes;
        }

        @Override
        public double nicOutPerNode(double peak, int rf, int nodes, int consumerGroups) {
            return peak * (rf - 1 + consumerGroups) / nodes;
        }

        @Override
        public String writeFormula() {
            return "peak × RF ÷ brokers";
        }

        @Override
        public int fewestNodes(int rf) {
            return rf;
        }

        @Override
        public List<Role> layout(int nodes, int rf) {
            return List.of(new Role("brokers", nodes, "hold the data; each leads 1/" + nodes + " of the partitions"),
                    new Role("KRaft controllers", 3, "a metadata quorum that survives one failure (combined with "
                            + "brokers on a small cluster, on machines of their own on a large one)"));
        }

        @Override
        public int dataMachines(int nodes, int rf) {
            return nodes;
        }

        @Override
        public Duration defaultRetention() {
            return Duration.ofHours(168);  // log.retention.hours
        }

        @Override
        public Overhead storageOverhead() {
            // log.index.interval.bytes 4096: an 8-byte offset entry and a 12-byte time entry per 4 KiB of log;
            // retention deletes whole segments, so each partition replica keeps up to one segment (segment.bytes 1 GiB) more
            return new Overhead(20.0 / 4096, 0, true, 1L << 30, 1,
                    "indexes 20 B per 4 KiB of log (log.index.interval.bytes), one 1 GiB segment per partition replica "
                            + "beyond the retention (segment.bytes)");
        }
    }

    /** RocketMQ: masters take the writes, each copies to RF − 1 slaves of its own; consumers read the master. */
    record MasterSlave() implements ClusterShape {

        @Override
        public String node() {
            return "master";
        }

        @Override
        public String partitions() {
            return "queues";
        }

        @Override
        public double writePerNode(double peak, int rf, int nodes) {
            return peak / nodes;
        }

        @Override
        public double nicInPerNode(double peak, int rf, int nodes) {
            return peak / nodes;
        }

        @Override
        public double nicOutPerNode(double peak, int rf, int nodes, int consumerGroups) {
            return peak * (rf - 1 + consumerGroups) / nodes;
        }

        @Override
        public String writeFormula() {
            return "peak ÷ masters";
        }

        @Override
        public int fewestNodes(int rf) {
            return 2;  // with one master, its loss stops every write; with two, producers send to the other
        }

        @Override
        public List<Role> layout(int nodes, int rf) {
            return List.of(new Role("masters", nodes, "take the writes and serve the reads"),
                    new Role("slaves", nodes * (rf - 1), (rf - 1) + " per master, each a full copy of its master"),
                    new Role("name servers", 3, "stateless routing every broker registers with; three keep it up through "
                            + "one failure during another's maintenance"));
        }

        @Override
        public int dataMachines(int nodes, int rf) {
            return nodes * rf;
        }

        @Override
        public Duration defaultRetention() {
            return Duration.ofHours(72);  // fileReservedTime
        }

        @Override
        public Overhead storageOverhead() {
            // a consume-queue entry is 20 bytes per message; commit-log files are 1 GiB; RocketMQ stops taking writes
            // when its disk is fuller than diskMaxUsedSpaceRatio (75 % by default)
            return new Overhead(0, 20, false, 1L << 30, 0.75,
                    "consume queue 20 B per message, one 1 GiB commit-log file beyond the retention (fileReservedTime), "
                            + "at most 75 % of the disk used (diskMaxUsedSpaceRatio)");
        }
    }
}
