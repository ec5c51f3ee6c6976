package io.mqprobe.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopicSpecTest {

    @Test
    void should_read_zero_as_the_house_rule_on_the_cluster_at_hand() {
        assertThat(TopicSpec.partitionsOn(0, 3)).isEqualTo(6);
        assertThat(TopicSpec.partitionsOn(0, 1)).isEqualTo(2);
        assertThat(TopicSpec.replicationOn(0, 1)).isEqualTo(1);
        assertThat(TopicSpec.replicationOn(0, 5)).isEqualTo(3);
    }

    @Test
    void should_keep_a_count_that_was_asked_for() {
        assertThat(TopicSpec.partitionsOn(12, 3)).isEqualTo(12);
        assertThat(TopicSpec.replicationOn(2, 5)).isEqualTo(2);
    }

    @Test
    void should_refuse_a_topic_without_partitions_or_copies() {
        assertThatThrownBy(() -> TopicSpec.of("t", 0, 1)).isInstanceOf(UsageException.class).hasMessageContaining("partitions");
        assertThatThrownBy(() -> TopicSpec.of("t", 1, 0)).isInstanceOf(UsageException.class).hasMessageContaining("replication");
    }
}
