package io.mqprobe.rocketmq;

import io.mqprobe.api.Durability;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.scenario.DriverProfile;
import io.mqprobe.scenario.ScenarioSpec;

import java.util.List;
import java.util.Map;

/**
 * The method's questions asked the way RocketMQ users ask them: a queue's, a master's and the broker group's
 * ceiling, in a master's TPS. RocketMQ replicates per broker group ({@code SYNC_MASTER} answers after a slave
 * copied the message, {@code ASYNC_MASTER} at once), not per send, so the group scenario measures whichever mode
 * the cluster runs: compare sync and async replication (or flush) by probing a cluster started in each.
 */
public final class RocketMqProfile implements DriverProfile {

    static final List<ScenarioSpec> SCENARIOS = List.of(
            new ScenarioSpec("single-queue", "1 queue on the master, the master acknowledges: one queue's ceiling",
                    1, 1, false, Durability.LEADER, 1, Map.of()),
            new ScenarioSpec("broker-ceiling", "all queues on the master: one master's ceiling (TPS as RocketMQ counts it)",
                    0, 1, true, Durability.LEADER, 1, Map.of()),
            new ScenarioSpec("master-slave", "queues on the broker group, replicated to its slaves in the cluster's own "
                    + "replication mode (sync or async master): the group's capacity", 0, 0, false, Durability.LEADER, 2, Map.of()));

    @Override
    public String driverId() {
        return RocketMqDriverFactory.ID;
    }

    @Override
    public List<ScenarioSpec> builtInScenarios() {
        return SCENARIOS;
    }

    @Override
    public CapacityUnit capacityUnit() {
        return CapacityUnit.MASTER_TPS;
    }
}
