package io.mqprobe.monitor.kafka;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class LogGrowthSamplerTest {

    private static final String TOPIC = "orders";

    /** Three brokers; partition 0 led by broker 1 and copied to 2, partition 1 led by 2 and copied to 3. */
    private final ScriptedAdmin admin = new ScriptedAdmin();

    @Test
    void should_report_the_bytes_each_broker_holds_from_the_first_round_on() {
        LogGrowthSampler sampler = new LogGrowthSampler(admin, List.of(TOPIC));
        admin.sizes = List.of(size(1, 0, 1_000), size(2, 0, 1_000), size(2, 1, 500), size(3, 1, 400));

        List<ResourceSample> first = sampler.sample(1_000);

        assertThat(held(first, "broker-1")).isEqualTo(1_000.0);
        assertThat(held(first, "broker-2")).isEqualTo(1_500.0);
        assertThat(held(first, "broker-3")).isEqualTo(400.0);
        assertThat(first).filteredOn(s -> s.metric().equals(Metric.LOG_SIZE_BYTES))
                .allSatisfy(s -> assertThat(s.capacity()).isEmpty());
        assertThat(first).extracting(ResourceSample::metric).doesNotContain(Metric.LEADER_WRITE_BPS);
    }

    @Test
    void should_follow_logs_that_grow_and_logs_that_retention_shrinks() {
        LogGrowthSampler sampler = new LogGrowthSampler(admin, List.of(TOPIC));
        admin.sizes = List.of(size(1, 0, 1_000), size(2, 0, 1_000), size(2, 1, 500), size(3, 1, 400));
        sampler.sample(1_000);

        // partition 0 grew by 2 000 bytes on both copies; partition 1 lost an old segment of 300 bytes
        admin.sizes = List.of(size(1, 0, 3_000), size(2, 0, 3_000), size(2, 1, 200), size(3, 1, 100));
        List<ResourceSample> second = sampler.sample(3_000);

        assertThat(held(second, "broker-1")).isEqualTo(3_000.0);
        assertThat(held(second, "broker-2")).isEqualTo(3_200.0);
        assertThat(held(second, "broker-3")).isEqualTo(100.0);
        // the rates beside it are unchanged: growth over 2 s, a shrinking log counted as no traffic
        assertThat(value(second, "broker-1", Metric.LEADER_WRITE_BPS)).isCloseTo(1_000.0, within(1e-9));
        assertThat(value(second, "broker-2", Metric.FOLLOWER_WRITE_BPS)).isCloseTo(1_000.0, within(1e-9));
        assertThat(value(second, "broker-3", Metric.FOLLOWER_WRITE_BPS)).isZero();
    }

    @Test
    void should_say_nothing_of_a_broker_whose_log_dirs_did_not_answer() {
        LogGrowthSampler sampler = new LogGrowthSampler(admin, List.of(TOPIC));
        // broker 3 is described but its log dirs are left out, as the admin does when they do not answer
        admin.sizes = List.of(size(1, 0, 1_000), size(2, 0, 1_000), size(2, 1, 500));

        List<ResourceSample> samples = sampler.sample(1_000);

        assertThat(samples).filteredOn(s -> s.metric().equals(Metric.LOG_SIZE_BYTES)).extracting(ResourceSample::source)
                .containsExactly("broker-1", "broker-2");
    }

    private static ReplicaLogSize size(int brokerId, int partition, long bytes) {
        return new ReplicaLogSize(brokerId, TOPIC, partition, bytes);
    }

    private static double held(List<ResourceSample> samples, String source) {
        return value(samples, source, Metric.LOG_SIZE_BYTES);
    }

    private static double value(List<ResourceSample> samples, String source, String metric) {
        return samples.stream().filter(s -> s.source().equals(source) && s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + source + " " + metric + " in " + samples)).value();
    }

    /** A cluster of three brokers and one topic whose replica sizes the test sets before each round. */
    private static final class ScriptedAdmin implements ClusterAdmin {

        volatile List<ReplicaLogSize> sizes = List.of();

        @Override
        public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
            return sizes.stream().filter(s -> topics.isEmpty() || topics.contains(s.topic())).toList();
        }

        @Override
        public List<PartitionInfo> describeTopic(String name) {
            return List.of(new PartitionInfo(name, 0, 1, List.of(1, 2), List.of(1, 2)),
                    new PartitionInfo(name, 1, 2, List.of(2, 3), List.of(2, 3)));
        }

        @Override
        public List<BrokerInfo> describeBrokers() {
            return List.of(new BrokerInfo(1, "127.0.0.1", 9092, null), new BrokerInfo(2, "127.0.0.1", 9093, null),
                    new BrokerInfo(3, "127.0.0.1", 9094, null));
        }

        @Override
        public void createTopic(TopicSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void deleteTopics(Collection<String> names) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Set<String> listTopics() {
            return Set.of(TOPIC);
        }

        @Override
        public Map<String, String> brokerConfig(int brokerId) {
            return Map.of();
        }

        @Override
        public void alterBrokerConfig(int brokerId, Map<String, String> settings) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long consumerGroupLag(String groupId) {
            return 0;
        }
    }
}
