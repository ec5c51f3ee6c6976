package io.mqprobe.cli.target;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.run.target.TargetPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a command decides beyond the typed target makes a new plan; the typed one stays as typed. */
@Timeout(10)
class TargetPlanTest {

    @Test
    void should_choose_isolation_only_for_a_command_that_asks_and_a_user_who_typed_none() {
        TargetPlan typed = ParsedTargetOptions.parse().conclude();
        TargetPlan probe = typed.withIsolationByDefault();

        assertThat(typed.wouldChooseIsolation(false)).isFalse();
        assertThat(probe.wouldChooseIsolation(false)).isTrue();
        assertThat(probe.wouldChooseIsolation(true)).as("a cluster of 'cluster up' keeps its own").isFalse();
        assertThat(ParsedTargetOptions.parse("--client-cores", "1", "--broker-spec", "0.3c1g").conclude().withIsolationByDefault()
                .wouldChooseIsolation(false)).as("typed isolation decides").isFalse();
        assertThat(ParsedTargetOptions.parse("--client-cores", "1").conclude().withIsolationByDefault().wouldChooseIsolation(false))
                .as("the load generator's quota alone: the brokers keep theirs").isTrue();
        assertThat(ParsedTargetOptions.parse("--bootstrap", "127.0.0.1:1").conclude().withIsolationByDefault()
                .wouldChooseIsolation(false)).as("a remote cluster is not confined").isFalse();
    }

    @Test
    void should_size_the_brokers_of_a_new_plan_and_leave_the_typed_one_alone() {
        TargetPlan typed = ParsedTargetOptions.parse("--client-cores", "0.5").conclude().withIsolationByDefault();

        TargetPlan sized = typed.withBrokerSpec(InstanceSpec.parse("1c2g"));

        assertThat(sized.isolation().brokerSpec()).isEqualTo(InstanceSpec.parse("1c2g"));
        assertThat(sized.isolation().clientCores()).isEqualTo(0.5);
        assertThat(sized.confinesBrokers()).isTrue();
        assertThat(sized.wouldChooseIsolation(false)).isFalse();
        assertThat(typed.isolation().brokerSpec()).isNull();
        assertThat(typed.confinesBrokers()).isFalse();
    }

    @Test
    void should_refuse_a_second_name_for_the_cluster_but_take_the_same_one() {
        TargetPlan typed = ParsedTargetOptions.parse("--bootstrap", "127.0.0.1:9092").conclude();

        assertThat(typed.withBootstrap("127.0.0.1:9092").bootstrap()).contains("127.0.0.1:9092");
        assertThat(ParsedTargetOptions.parse().conclude().withBootstrap("127.0.0.1:9093").bootstrap()).contains("127.0.0.1:9093");
        assertThatThrownBy(() -> typed.withBootstrap("127.0.0.1:9093")).isInstanceOf(UsageException.class)
                .hasMessageContaining("name different clusters");
    }
}
