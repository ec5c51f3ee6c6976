package io.mqprobe.monitor.kafka;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Consumer-group lag in messages: the sum over the watched groups as source {@code cluster}, and
 * each group as {@code group:<id>}.
 */
public final class GroupLagSampler implements Sampler {

    /** Prefix of per-group sources. */
    public static final String GROUP_SOURCE_PREFIX = "group:";

    private final ClusterAdmin admin;
    private final Collection<String> groups;

    /** @param groups consumer groups, read again on every round (a thread-safe collection may grow) */
    public GroupLagSampler(ClusterAdmin admin, Collection<String> groups) {
        this.admin = admin;
        this.groups = groups;
    }

    @Override
    public String name() {
        return "kafka consumer lag";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        List<String> watched = List.copyOf(groups);
        if (watched.isEmpty()) {
            return List.of();   // no group watched is not the same as a group without lag
        }
        List<ResourceSample> out = new ArrayList<>(watched.size() + 1);
        long total = 0;
        for (String group : watched) {
            long lag = admin.consumerGroupLag(group);
            total += lag;
            out.add(ResourceSample.of(epochMs, GROUP_SOURCE_PREFIX + group, Metric.CONSUMER_LAG, lag));
        }
        out.add(ResourceSample.of(epochMs, Sources.CLUSTER, Metric.CONSUMER_LAG, total));
        return out;
    }
}
