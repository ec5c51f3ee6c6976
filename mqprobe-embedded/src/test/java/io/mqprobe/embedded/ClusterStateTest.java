package io.mqprobe.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ClusterStateTest {

    @TempDir
    Path runDir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_read_back_what_it_wrote() {
        ClusterState state = new ClusterState("id", true, 42, Map.of("heap.bytes", "1073741824", "isolation.scope", "mqprobe-42-k0"),
                List.of(new ClusterState.Node(1, "broker-1", 4242, "10.213.0.11", 9999, Map.of("port", 9092, "controller.port", 9093))));

        state.write(runDir);

        assertThat(ClusterState.read(runDir)).isEqualTo(state);
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_read_the_file_of_a_build_from_before_the_shared_layer_so_as_not_to_take_it_for_garbage() throws Exception {
        Files.writeString(runDir.resolve(ClusterState.FILE), String.join("\n", "cluster.id=abc", "detached=false",
                "owner.pid=7", "heap.bytes=1073741824", "start.timeout.ms=60000", "broker.count=1", "broker.1.pid=77",
                "broker.1.port=9092", "broker.1.controller.port=9093", "broker.1.jmx.port=9999"));

        ClusterState state = ClusterState.read(runDir);

        assertThat(state.ownerPid()).isEqualTo(7);
        assertThat(state.settings()).containsEntry("heap.bytes", "1073741824");
        assertThat(state.nodes()).containsExactly(new ClusterState.Node(1, "broker-1", 77, "127.0.0.1", 9999,
                Map.of("port", 9092, "controller.port", 9093)));
    }
}
