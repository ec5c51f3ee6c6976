package io.mqprobe.rocketmq;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * RocketMQ brokers' own view of their load, read through the admin's broker runtime info (what
 * {@code mqadmin brokerStatus} prints): store TPS, put latency, page-cache lock time, the send thread pool's
 * queue and head wait, dispatch and flush backlogs, commit-log disk use. Source {@code broker-<id>}.
 */
final class BrokerStatsSampler implements Sampler {

    private final DefaultMQAdminExt admin;
    private final RocketMqClusterAdmin clusterAdmin;
    private final Map<Integer, BrokerRuntimeStats> previous = new HashMap<>();

    BrokerStatsSampler(DefaultMQAdminExt admin, RocketMqClusterAdmin clusterAdmin) {
        this.admin = admin;
        this.clusterAdmin = clusterAdmin;
    }

    @Override
    public String name() {
        return "rocketmq broker runtime stats";
    }

    /** A broker that does not answer (killed in a fault test) is left out of this round; the rest still report. */
    @Override
    public List<ResourceSample> sample(long epochMs) throws Exception {
        List<ResourceSample> out = new ArrayList<>();
        Exception lastFailure = null;
        List<BrokerInfo> brokers = clusterAdmin.describeBrokers();
        for (BrokerInfo broker : brokers) {
            BrokerRuntimeStats stats;
            try {
                stats = BrokerRuntimeStats.parse(admin.fetchBrokerRuntimeStats(broker.host() + ":" + broker.port()).getTable());
            } catch (Exception e) {
                lastFailure = e;
                continue;
            }
            String source = Sources.broker(broker.id());
            add(out, epochMs, source, Metric.RMQ_PUT_TPS, stats.putTps(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_GET_TRANSFERRED_TPS, stats.getTransferredTps(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_PUT_LATENCY_P99_MS, stats.putLatencyP99Ms(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_PUT_TIME_P99_BUCKET_MS, stats.putTimeP99BucketMs(previous.get(broker.id())), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_PUT_TIME_MAX_MS, stats.putTimeMaxMs(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_PAGE_CACHE_LOCK_MS, stats.pageCacheLockMs(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_SEND_QUEUE_SIZE, stats.sendQueueSize(), capacity(stats.sendQueueCapacity()));
            add(out, epochMs, source, Metric.RMQ_SEND_QUEUE_HEAD_WAIT_MS, stats.sendQueueHeadWaitMs(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_DISPATCH_BEHIND_BYTES, stats.dispatchBehindBytes(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_FLUSH_BEHIND_BYTES, stats.flushBehindBytes(), OptionalDouble.empty());
            add(out, epochMs, source, Metric.RMQ_COMMITLOG_DISK_USED_BYTES,
                    stats.commitLogDiskTotalBytes() - stats.commitLogDiskFreeBytes(), capacity(stats.commitLogDiskTotalBytes()));
            previous.put(broker.id(), stats);
        }
        if (out.isEmpty() && lastFailure != null) {
            throw lastFailure;
        }
        return out;
    }

    /** Leaves out a figure the broker did not report (its runtime statistics read it as NaN). */
    private static void add(List<ResourceSample> out, long epochMs, String source, String metric, double value,
                            OptionalDouble capacity) {
        if (Double.isFinite(value)) {
            out.add(new ResourceSample(epochMs, source, metric, value, capacity));
        }
    }

    /** A capacity the broker reported, else unknown. */
    private static OptionalDouble capacity(double reported) {
        return Double.isFinite(reported) ? OptionalDouble.of(reported) : OptionalDouble.empty();
    }
}
