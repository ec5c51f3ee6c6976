package io.mqprobe.chaos;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Polls the leaders and in-sync replicas of the chaos topic through the driver's admin on a thread of
 * its own, so the judge can tell when partitions got a new leader and when they were fully replicated
 * again. A poll that fails (the cluster is down) leaves a gap; the admin's own timeouts bound it.
 */
public final class ClusterWatch implements AutoCloseable {

    /** Placement of every partition of the topic at {@code epochMs}. */
    public record Sample(long epochMs, List<PartitionInfo> partitions) {
        public Sample {
            partitions = List.copyOf(partitions);
        }

        boolean fullIsr() {
            return !partitions.isEmpty() && partitions.stream().noneMatch(PartitionInfo::underReplicated);
        }
    }

    private final ClusterAdmin admin;
    private final String topic;
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mqprobe-cluster-watch");
        t.setDaemon(true);
        return t;
    });

    private ClusterWatch(ClusterAdmin admin, String topic) {
        this.admin = admin;
        this.topic = topic;
    }

    /** Starts polling {@code topic} every {@code periodMs} (it need not exist yet). */
    public static ClusterWatch start(ClusterAdmin admin, String topic, long periodMs) {
        ClusterWatch watch = new ClusterWatch(admin, topic);
        watch.thread.scheduleWithFixedDelay(watch::poll, 0, periodMs, TimeUnit.MILLISECONDS);
        return watch;
    }

    private void poll() {
        try {
            List<PartitionInfo> partitions = admin.describeTopic(topic);
            long now = System.currentTimeMillis();
            synchronized (this) {
                samples.add(new Sample(now, partitions));
            }
        } catch (RuntimeException e) {
            // not created yet, or the cluster does not answer: a gap in the samples says so
        }
    }

    /** Waits (polling on) until the newest sample shows full ISR, at most {@code timeoutMs}; false on timeout. */
    public boolean awaitFullIsr(long timeoutMs) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            List<Sample> now = samples();
            if (!now.isEmpty() && now.get(now.size() - 1).fullIsr()) {
                return true;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
