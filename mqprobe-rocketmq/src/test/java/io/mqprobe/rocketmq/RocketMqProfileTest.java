package io.mqprobe.rocketmq;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.EmbeddedSystems;
import io.mqprobe.scenario.BuiltInScenarios;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.scenario.DriverProfile;
import io.mqprobe.scenario.DriverProfiles;
import io.mqprobe.scenario.ScenarioSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RocketMqProfileTest {

    @Test
    void should_offer_rocketmq_its_own_scenarios_in_its_own_words_through_the_class_path() {
        DriverProfile profile = DriverProfiles.of("rocketmq");

        assertThat(BuiltInScenarios.select(List.of(), List.of(), profile.builtInScenarios()))
                .extracting(ScenarioSpec::name).containsExactly("single-queue", "broker-ceiling", "master-slave");
        assertThat(profile.capacityUnit()).isEqualTo(CapacityUnit.MASTER_TPS);
        assertThatThrownBy(() -> BuiltInScenarios.select(List.of("replicated-all"), List.of(), profile.builtInScenarios()))
                .isInstanceOf(UsageException.class).hasMessageContaining("master-slave");
    }

    @Test
    void should_bring_its_embedded_cluster_through_the_class_path() {
        assertThat(EmbeddedSystems.of("rocketmq").name()).isEqualTo("RocketMQ");
        assertThat(EmbeddedSystems.of("rocketmq").addressName()).isEqualTo("namesrv");
        assertThat(EmbeddedSystems.of("rocketmq").isolatedByDefault()).isFalse();
    }
}
