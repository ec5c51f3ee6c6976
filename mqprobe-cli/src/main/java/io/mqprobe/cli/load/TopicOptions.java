package io.mqprobe.cli.load;

import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.KeepTopicsOption;
import io.mqprobe.cli.options.PartitionsOption;
import io.mqprobe.cli.options.ReplicationOption;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.TopicLifecycle;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;

/** Which topic a load uses, and the layout of one mqprobe creates (picocli mixin). */
public final class TopicOptions {

    @Option(names = "--topic", paramLabel = "TOPIC", description = "Topic to use (default: a fresh mqprobe-* topic, deleted afterwards).")
    String topic;

    @Option(names = "--create-topic", description = "Create --topic if it does not exist.")
    boolean createTopic;

    @Mixin
    PartitionsOption partitions;

    @Mixin
    ReplicationOption replication;

    @Mixin
    KeepTopicsOption keepTopics;

    /** A fresh topic's name, chosen once so the plan and the run agree on it. */
    private String freshName;

    public String topic() {
        return topic;
    }

    /** The topic the load will use: the user's, or a fresh {@code mqprobe-<purpose>-*} name chosen once. */
    public String name(String purpose) {
        if (topic != null) {
            return topic;
        }
        if (freshName == null) {
            freshName = TopicLifecycle.freshName(purpose);
        }
        return freshName;
    }

    public boolean createTopic() {
        return createTopic;
    }

    public boolean keepTopics() {
        return keepTopics.keepTopics();
    }

    public TopicSpec layout(String name, int brokers) {
        int p = TopicSpec.partitionsOn(partitions.partitions(), brokers);
        int rf = TopicSpec.replicationOn(replication.replicationFactor(), brokers);
        if (rf > brokers) {
            throw new UsageException("--replication-factor " + rf + " needs at least " + rf + " brokers, the cluster has " + brokers);
        }
        return TopicSpec.of(name, p, rf);
    }

    /**
     * The topic the load uses: the user's (which must exist unless {@code --create-topic}) or a fresh
     * {@code mqprobe-<purpose>-*} one that is deleted afterwards.
     */
    public ScenarioResult.TopicLayout resolve(RunSession session, String purpose) {
        TopicLifecycle topics = session.topics();
        String bootstrap = session.cluster().target().bootstrap();
        if (topic != null && !createTopic) {
            topics.requireExisting(topic, bootstrap);
            List<PartitionInfo> partitionInfos = session.cluster().driver().admin().describeTopic(topic);
            return new ScenarioResult.TopicLayout(topic, partitionInfos.size(),
                    partitionInfos.isEmpty() ? 0 : partitionInfos.get(0).replicas().size(), "existing");
        }
        String name = name(purpose);
        TopicSpec spec = layout(name, session.brokerCount());
        if (topic == null || !session.cluster().driver().admin().listTopics().contains(name)) {
            topics.create(spec);
        }
        return new ScenarioResult.TopicLayout(name, spec.partitions(), spec.replicationFactor(), "broker-chosen");
    }
}
