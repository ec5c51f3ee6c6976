package io.mqprobe.run;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.load.DiskBudget;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * Topics a command works on. mqprobe deletes only topics it created whose names carry the
 * {@value #PREFIX} prefix, and keeps them with {@code --keep-topics}.
 */
public final class TopicLifecycle implements AutoCloseable {

    public static final String PREFIX = "mqprobe-";

    private final ClusterAdmin admin;
    private final boolean keep;
    private final List<String> created = new CopyOnWriteArrayList<>();
    private DiskBudget budget;
    private LongFunction<Map<String, String>> replicaSizeLimit = bytes -> Map.of();

    public TopicLifecycle(ClusterAdmin admin, boolean keepTopics) {
        this.admin = admin;
        this.keep = keepTopics;
    }

    /** A fresh, unique topic name: {@code mqprobe-<purpose>-<random>}. */
    public static String freshName(String purpose) {
        return PREFIX + purpose.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-") + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x100000, 0xffffff));
    }

    /**
     * Topics created from now on get the driver's size limit for their share of the budget (the user's own
     * topic settings win).
     */
    public void capTo(DiskBudget diskBudget, LongFunction<Map<String, String>> limitOfReplica) {
        this.budget = diskBudget;
        this.replicaSizeLimit = limitOfReplica;
    }

    /** What the run's topics may hold on the brokers' disks, when the run has a budget. */
    public java.util.Optional<DiskBudget> budget() {
        return budget == null || !budget.capped() ? java.util.Optional.empty() : java.util.Optional.of(budget);
    }

    /**
     * Of the named topics, those past {@link DiskBudget#RECREATE_SHARE} of the budget on the brokers' disks (their
     * replicas summed); empty without a budget.
     */
    public List<String> outgrown(Collection<String> names) {
        if (budget == null || !budget.capped() || names.isEmpty()) {
            return List.of();
        }
        Map<String, Long> bytes = admin.replicaLogSizes(names).stream()
                .collect(Collectors.groupingBy(ReplicaLogSize::topic, Collectors.summingLong(ReplicaLogSize::sizeBytes)));
        return names.stream().filter(name -> budget.outgrown(bytes.getOrDefault(name, 0L))).toList();
    }

    /** The topics this run created and has not deleted yet. */
    public List<String> created() {
        return List.copyOf(created);
    }

    /** Creates the topic (within the disk budget) and remembers it for deletion. */
    public String create(TopicSpec spec) {
        admin.createTopic(capped(spec));
        created.add(spec.name());
        return spec.name();
    }

    /** The spec with the size limit of its share of the budget under its own settings. */
    public TopicSpec capped(TopicSpec spec) {
        if (budget == null || !budget.capped()) {
            return spec;
        }
        Map<String, String> configs = new HashMap<>(replicaSizeLimit.apply(budget.perReplicaBytes(spec)));
        configs.putAll(spec.configs());
        return spec.withConfigs(configs);
    }

    /** Checks that a user-named topic exists (a missing one is a usage error, exit 2). */
    public void requireExisting(String topic, String bootstrap) {
        if (!admin.listTopics().contains(topic)) {
            throw new UsageException("topic '" + topic + "' does not exist on " + bootstrap
                    + " (create it, or pass --create-topic)");
        }
    }

    /** Deletes one topic this run created (if prefixed and not kept), e.g. when its scenario ends. */
    public void deleteNow(String name) {
        if (created.remove(name) && name.startsWith(PREFIX) && !keep) {
            deleteQuietly(List.of(name));
        }
    }

    /** Deletes the prefixed topics this run created, unless asked to keep them. */
    @Override
    public void close() {
        List<String> ours = created.stream().filter(t -> t.startsWith(PREFIX)).toList();
        created.clear();
        if (keep || ours.isEmpty()) {
            return;
        }
        deleteQuietly(ours);
    }

    private void deleteQuietly(List<String> names) {
        try {
            admin.deleteTopics(names);
        } catch (RuntimeException e) {
            // the cluster may be gone (embedded one stopped, Ctrl-C); leftover prefixed topics are harmless
        }
    }
}
