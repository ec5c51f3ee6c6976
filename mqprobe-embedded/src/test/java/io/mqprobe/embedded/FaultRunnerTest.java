package io.mqprobe.embedded;

import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Resolution and undo of faults given as data, against a cluster that records the calls. */
class FaultRunnerTest {

    private final Recording cluster = new Recording();

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_resolve_fixed_random_and_all_targets_itself_and_roles_through_the_hook() {
        FaultRunner faults = new FaultRunner(cluster, target -> target.role().equals("leader") ? List.of(2) : List.of(), new Random(7));

        assertThat(faults.resolve(FaultTarget.broker(3))).containsExactly(3);
        assertThat(faults.resolve(FaultTarget.ALL)).containsExactly(1, 2, 3);
        assertThat(faults.resolve(FaultTarget.parse("random"))).hasSize(1).allMatch(id -> id >= 1 && id <= 3);
        assertThat(faults.resolve(FaultTarget.LEADER)).containsExactly(2);
        assertThatThrownBy(() -> faults.resolve(FaultTarget.parse("controller"))).hasMessageContaining("resolves to no broker");
        assertThatThrownBy(() -> faults.resolve(FaultTarget.broker(7))).hasMessageContaining("no broker 7");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_undo_each_kind_of_fault_with_its_opposite() {
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));

        for (String fault : List.of("kill:broker-1", "stop:broker-2", "pause:broker-3", "partition:broker-1",
                "slow-disk:broker-2=5MB/s", "all-down", "restart:broker-3", "wipe:broker-1")) {
            faults.apply(FaultSpec.parse(fault)).undo();
        }

        assertThat(cluster.calls).containsExactly(
                "kill 1", "restart 1", "stop 2", "restart 2", "pause 3", "resume 3", "partition 1", "heal 1",
                "throttle 2 5000000", "throttle 2 0", "kill 1", "kill 2", "kill 3", "restart 1", "restart 2", "restart 3",
                "restart 3", "wipe 1");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_wait_the_duration_before_undoing_and_hand_back_the_undo_of_a_lasting_fault() throws Exception {
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));
        long startNs = System.nanoTime();

        assertThat(faults.runFor(FaultSpec.parse("pause:broker-1+300ms"))).isEmpty();

        assertThat(System.nanoTime() - startNs).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));
        assertThat(cluster.calls).containsExactly("pause 1", "resume 1");
        assertThat(faults.runFor(FaultSpec.parse("pause:broker-2"))).isPresent();
        assertThat(cluster.calls).endsWith("pause 2");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_refuse_role_targets_without_a_resolver() {
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));

        assertThatThrownBy(() -> faults.apply(FaultSpec.parse("kill:leader"))).isInstanceOf(EmbeddedClusterException.class)
                .hasMessageContaining("broker-N, random or all");
        assertThat(cluster.calls).isEmpty();
    }

    private static final class Recording implements FaultableCluster {
        final List<String> calls = new ArrayList<>();

        @Override
        public List<Integer> nodeIds() {
            return List.of(1, 2, 3);
        }

        @Override
        public void kill(int id) {
            calls.add("kill " + id);
        }

        @Override
        public void stop(int id) {
            calls.add("stop " + id);
        }

        @Override
        public void restart(int id) {
            calls.add("restart " + id);
        }

        @Override
        public void wipe(int id) {
            calls.add("wipe " + id);
        }

        @Override
        public void pause(int id) {
            calls.add("pause " + id);
        }

        @Override
        public void resume(int id) {
            calls.add("resume " + id);
        }

        @Override
        public void partition(int id) {
            calls.add("partition " + id);
        }

        @Override
        public void heal(int id) {
            calls.add("heal " + id);
        }

        @Override
        public void throttleWrites(int id, long bytesPerSecond) {
            calls.add("throttle " + id + " " + bytesPerSecond);
        }
    }
}
