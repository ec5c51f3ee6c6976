package io.mqprobe.run;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.load.DiskBudget;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Watches for what nobody planned: mqprobe's topics outgrowing the disk budget, a log dir falling below the
 * reserve, a broker dying, or the cluster no longer answering. The first one found stops the run once (the caller
 * cancels the load and marks the result failed) within {@link #CHECK_EVERY_MS} plus, for a silent cluster,
 * {@link #SILENT_MS}. The brokers and the disk are watched on threads of their own: asking a dead broker for its
 * log dirs blocks for the client's whole API timeout, and the broker watch must not wait behind it.
 */
final class RunGuard implements AutoCloseable {

    static final long CHECK_EVERY_MS = 2_000;
    /** A cluster whose admin calls have all failed for this long has stopped answering. */
    static final long SILENT_MS = 20_000;

    private final ClusterAdmin admin;
    private final DiskBudget budget;
    /** False when the driver has no per-topic size on disk (RocketMQ's one commit log): only free space is watched then. */
    private final boolean topicSizesKnown;
    private final Supplier<Collection<String>> topics;
    private final Supplier<List<LocalBrokerProcess>> localBrokers;
    private final Set<Integer> brokersAtStart;
    private final Consumer<String> stop;
    private final ScheduledExecutorService threads = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "mqprobe-run-guard");
        t.setDaemon(true);
        return t;
    });
    private final long silentMs;
    private final Watch brokerWatch = new Watch(this::brokerGone);
    private final Watch diskWatch = new Watch(this::disk);
    private volatile boolean brokerFaultsPlanned;
    private volatile boolean restarting;
    private volatile String reason;

    /** @param stop told the reason, once, when the run must stop */
    RunGuard(ClusterAdmin admin, DiskBudget budget, boolean topicSizesKnown, Supplier<Collection<String>> topics,
             Supplier<List<LocalBrokerProcess>> localBrokers, Consumer<String> stop) {
        this(admin, budget, topicSizesKnown, topics, localBrokers, stop, SILENT_MS);
    }

    /** @param silentMs how long every admin call may fail before the cluster counts as silent (tests shorten it) */
    RunGuard(ClusterAdmin admin, DiskBudget budget, boolean topicSizesKnown, Supplier<Collection<String>> topics,
             Supplier<List<LocalBrokerProcess>> localBrokers, Consumer<String> stop, long silentMs) {
        this.silentMs = silentMs;
        this.admin = admin;
        this.budget = budget;
        this.topicSizesKnown = topicSizesKnown;
        this.topics = topics;
        this.localBrokers = localBrokers;
        this.brokersAtStart = admin.describeBrokers().stream().map(BrokerInfo::id).collect(Collectors.toSet());
        this.stop = stop;
        for (Watch watch : List.of(brokerWatch, diskWatch)) {
            threads.scheduleWithFixedDelay(watch::check, CHECK_EVERY_MS, CHECK_EVERY_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Brokers going down is the experiment (chaos): only the disk is watched from now on. */
    void brokerFaultsPlanned() {
        brokerFaultsPlanned = true;
    }

    /**
     * A broker restart the command does on purpose (a static setting) is neither a death nor a silent cluster:
     * while it lasts the guard does not check; the silence is counted again from its end.
     */
    void restarting(boolean now) {
        brokerWatch.answered();
        diskWatch.answered();
        restarting = now;
    }

    DiskBudget budget() {
        return budget;
    }

    /** Why the run was stopped, or null. */
    String reason() {
        return reason;
    }

    /** Stops the run for the first reason either watch found; a later one is not told. */
    private synchronized void found(String why) {
        if (reason == null) {
            reason = why;
            stop.accept(why);
        }
    }

    /**
     * One question asked every {@link #CHECK_EVERY_MS}: a non-null answer stops the run; failing every time for
     * {@code silentMs} (since its last answer) means the cluster has stopped answering.
     */
    private final class Watch {

        private final Supplier<String> question;
        private volatile long lastAnswerMs = System.currentTimeMillis();

        Watch(Supplier<String> question) {
            this.question = question;
        }

        void answered() {
            lastAnswerMs = System.currentTimeMillis();
        }

        void check() {
            if (reason != null) {
                return;
            }
            if (restarting) {
                answered();
                return;
            }
            String why;
            try {
                why = question.get();
                answered();
            } catch (RuntimeException e) {
                why = !brokerFaultsPlanned && System.currentTimeMillis() - lastAnswerMs > silentMs
                        ? "the cluster has not answered for " + silentMs / 1000 + " s (" + e.getMessage() + ")" : null;
            }
            if (why != null) {
                found(why);
            }
        }
    }

    /** A broker that died or left the cluster, or null; brokers going down is no news when it is the experiment. */
    private String brokerGone() {
        if (brokerFaultsPlanned) {
            return null;
        }
        String dead = deadLocalBroker();
        return dead != null ? dead : brokersGone();
    }

    private String deadLocalBroker() {
        for (LocalBrokerProcess b : localBrokers.get()) {
            if (b.pid() > 0 && ProcessHandle.of(b.pid()).map(p -> !p.isAlive()).orElse(true)) {
                return "broker " + b.brokerId() + " (pid " + b.pid() + ") died";
            }
        }
        return null;
    }

    private String disk() {
        Collection<String> ours = topics.get();
        long topicBytes = ours.isEmpty() || !topicSizesKnown ? 0 : admin.replicaLogSizes(ours).stream().mapToLong(ReplicaLogSize::sizeBytes).sum();
        return budget.exceeded(topicBytes, admin.logDirSpace());
    }

    private String brokersGone() {
        Set<Integer> now = admin.describeBrokers().stream().map(BrokerInfo::id).collect(Collectors.toSet());
        List<Integer> gone = brokersAtStart.stream().filter(id -> !now.contains(id)).sorted().toList();
        return gone.isEmpty() ? null : "broker" + (gone.size() == 1 ? " " : "s ")
                + gone.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " left the cluster";
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
