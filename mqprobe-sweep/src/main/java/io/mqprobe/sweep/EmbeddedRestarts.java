package io.mqprobe.sweep;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.StartupSettings;
import io.mqprobe.experiment.BrokerRestarter;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Static broker settings on an embedded cluster mqprobe started, where its system can restart brokers with new ones
 * (Kafka's {@code server.properties}): the settings rewritten and the broker restarted through the cluster's own restart; the sweep goes on only once every
 * partition is back in full ISR and led by its preferred replica, so the next step measures a whole cluster.
 */
public final class EmbeddedRestarts implements BrokerRestarter {

    /** A follower catches up on seconds of sweep data; minutes means it will not. */
    private static final Duration FULL_ISR_TIMEOUT = Duration.ofMinutes(2);
    private static final long POLL_MS = 200;

    private final EmbeddedCluster cluster;
    private final StartupSettings settings;
    private final ClusterAdmin admin;
    private final Consumer<String> progress;
    private final Consumer<Runnable> planned;

    /** @param planned runs a restart so that the run's guard does not take it for a dead cluster */
    private EmbeddedRestarts(EmbeddedCluster cluster, StartupSettings settings, ClusterAdmin admin, Consumer<String> progress,
                             Consumer<Runnable> planned) {
        this.cluster = cluster;
        this.settings = settings;
        this.admin = admin;
        this.progress = progress;
        this.planned = planned;
    }

    /** Restarts for the cluster when its system has startup settings (an embedded Kafka cluster), else empty. */
    public static Optional<EmbeddedRestarts> of(EmbeddedCluster cluster, ClusterAdmin admin, Consumer<String> progress,
                                                Consumer<Runnable> planned) {
        return cluster.startupSettings().map(settings -> new EmbeddedRestarts(cluster, settings, admin, progress, planned));
    }

    /** @throws io.mqprobe.api.UsageException when no restart could try {@code key=value} */
    public void check(String key, String value) {
        settings.check(key, value);
    }

    @Override
    public Optional<String> startupValue(int brokerId, String key) {
        return settings.get(brokerId, key);
    }

    @Override
    public void writeStartupValue(int brokerId, String key, String value) {
        settings.set(brokerId, key, value);
    }

    @Override
    public void restart(int brokerId) {
        long startNs = System.nanoTime();
        planned.accept(() -> {
            cluster.restart(brokerId);
            awaitFullIsr(brokerId);
        });
        admin.electPreferredLeaders();
        progress.accept(String.format(Locale.ROOT, "   broker %d restarted, every partition in full ISR (%.1f s)",
                brokerId, (System.nanoTime() - startNs) / 1e9));
    }

    private void awaitFullIsr(int brokerId) {
        long deadline = System.nanoTime() + FULL_ISR_TIMEOUT.toNanos();
        String lagging = null;
        while (System.nanoTime() < deadline) {
            try {
                lagging = firstUnderReplicated();
            } catch (RuntimeException notAnsweringYet) {
                lagging = "the cluster (" + notAnsweringYet.getMessage() + ")";
            }
            if (lagging == null) {
                return;
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for broker " + brokerId + " to rejoin the ISR");
            }
        }
        throw new IllegalStateException("broker " + brokerId + " restarted, but " + lagging + " was not back in full ISR after "
                + FULL_ISR_TIMEOUT.toSeconds() + " s");
    }

    /** The first partition short of replicas in its ISR (or without a leader), or null when there is none. */
    private String firstUnderReplicated() {
        for (String topic : admin.listTopics()) {
            try {
                for (PartitionInfo p : admin.describeTopic(topic)) {
                    if (p.leader() < 0 || p.underReplicated()) {
                        return topic + "-" + p.partition();
                    }
                }
            } catch (UsageException deletedMeanwhile) {
                // a topic deleted between the listing and the description has no ISR to wait for
            }
        }
        return null;
    }
}
