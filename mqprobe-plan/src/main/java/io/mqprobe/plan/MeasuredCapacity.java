package io.mqprobe.plan;

import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.search.Thresholds;

import java.util.List;

/**
 * What one measured cluster (one result document, or one size of an instance-size probe) can carry, read from its
 * result alone: the figures a plan rests on, each able to say where it came from.
 *
 * @param label          the run it comes from: a file name or an instance size ({@code 0.5c1g})
 * @param driver         the system measured ({@code kafka}, {@code rocketmq})
 * @param unit           how that system's users state capacity; decides the cluster's shape in the plan
 * @param basis          the sustainable load the broker count rests on
 * @param partition      one partition's (queue's) sustainable load, or null when no single-partition scenario ran
 * @param coresPerBroker one broker's CPU capacity as measured (its cgroup quota, or its host's cores), or null
 * @param memoryBytesPerBroker one broker's memory limit, or null
 * @param recordSizeBytes the message size the load used
 * @param busiestCpuShare the busiest broker's CPU (share of its capacity) at the basis step, or null when not read
 * @param diskBytesPerSecond the disk write ceiling the run used, or null
 * @param diskSource     how the run knew it: probed or configured
 * @param nicBytesPerSecond  the NIC ceiling the run used, or null
 * @param nicSource      how the run knew it: probed or configured
 * @param thresholds     the run's saturation thresholds: where a resource counts as used up
 */
public record MeasuredCapacity(String label, String driver, CapacityUnit unit, Basis basis, PartitionLimit partition,
                               Double coresPerBroker, Double memoryBytesPerBroker, int recordSizeBytes,
                               Double busiestCpuShare, Double diskBytesPerSecond, String diskSource,
                               Double nicBytesPerSecond, String nicSource, Thresholds thresholds) {

    /**
     * The scenario a plan's broker count rests on: its sustainable load, never its ceiling.
     *
     * @param nodes       the brokers (Kafka) or masters (RocketMQ) the scenario's load spread over
     * @param lowerBound  why the figure is only a lower bound (the load generator among the limits, nothing broke up
     *                    to the highest rate offered), or null when the cluster itself stopped it
     */
    public record Basis(String scenario, int replicationFactor, int nodes, double bytesPerSecond, double recordsPerSecond,
                        String limitedBy, String bottleneck, String lowerBound) {

        /**
         * What one node writes at the sustainable load. Kafka spreads leaders and followers evenly, so every broker
         * writes RF ÷ brokers of the traffic; a RocketMQ master takes its share and sends copies to its slaves.
         */
        public double perNodeBytesPerSecond(CapacityUnit unit) {
            return unit == CapacityUnit.BYTES ? bytesPerSecond * replicationFactor / nodes : bytesPerSecond / nodes;
        }
    }

    /** One partition's sustainable load; a lower bound gives more partitions than needed, never fewer. */
    public record PartitionLimit(String scenario, double bytesPerSecond, String lowerBound) {
    }

    /** Notes a plan must carry about this measurement (lower bounds it accepted, figures it could not read). */
    List<String> caveats() {
        return basis.lowerBound() == null ? List.of() : List.of("rests on a lower bound: " + basis.lowerBound());
    }
}
