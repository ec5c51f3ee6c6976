package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.embedded.isolation.IsolationOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --broker-spec} for the embedded RocketMQ cluster through the shared isolation layer: the broker in its
 * cgroup with the spec's CPU quota and memory limit and half the memory as heap, the name server unconfined,
 * nothing left after close. Skipped without root or cgroup controllers.
 */
class IsolatedRocketMqClusterTest {

    private static final String TAG = "mqprobe-" + ProcessHandle.current().pid();

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void should_confine_the_broker_to_its_spec_leave_the_name_server_alone_and_clean_up() throws Exception {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")),
                "needs root and cgroups");
        IsolationOptions isolation = new IsolationOptions(InstanceSpec.parse("1c1g"), 0, true, null, 0);
        EmbeddedRocketMqCluster cluster = EmbeddedRocketMqCluster.start(RocketMqClusterOptions.defaults().withIsolation(isolation));
        String group;
        try {
            LocalBrokerProcess broker = cluster.brokers().get(0);
            assertThat(broker.instanceSpec()).contains(InstanceSpec.parse("1c1g"));
            assertThat(cluster.isolation()).contains("1c1g");
            assertThat(Files.readString(Path.of("/proc/" + broker.pid() + "/cgroup"))).containsPattern(TAG + "/k\\d-broker-1");
            assertThat(ProcessHandle.of(broker.pid()).orElseThrow().info().commandLine().orElse(""))
                    .contains("-Xmx512m").contains("-XX:MaxDirectMemorySize=256m");
            group = group(broker.pid(), "cpu");
            if (Files.isDirectory(Path.of("/sys/fs/cgroup/cpu"))) {
                assertThat(Files.readString(Path.of("/sys/fs/cgroup/cpu", group, "cpu.cfs_quota_us")).trim()).isEqualTo("100000");
                assertThat(Files.readString(Path.of("/sys/fs/cgroup/memory", group, "memory.limit_in_bytes")).trim())
                        .isEqualTo(Long.toString(1L << 30));
            }
            String nameServerDir = cluster.runDir().resolve("namesrv").toString();
            long nameServer = ProcessHandle.allProcesses()
                    .filter(p -> p.info().commandLine().orElse("").contains("-Duser.home=" + nameServerDir))
                    .mapToLong(ProcessHandle::pid).findFirst().orElseThrow();
            assertThat(Files.readString(Path.of("/proc/" + nameServer + "/cgroup"))).doesNotContain(TAG + "/");
        } finally {
            cluster.close();
        }
        try (Stream<Path> roots = Files.list(Path.of("/sys/fs/cgroup"))) {
            for (Path root : roots.toList()) {
                assertThat(root.resolve(group)).doesNotExist();
            }
        }
    }

    /** The process's group in a v1 controller (e.g. {@code mqprobe-42/k0-broker-1}), or its v2 group. */
    private static String group(long pid, String controller) throws IOException {
        return Files.readAllLines(Path.of("/proc/" + pid + "/cgroup")).stream()
                .map(line -> line.split(":", 3))
                .filter(f -> f[1].isEmpty() || List.of(f[1].split(",")).contains(controller))
                .map(f -> f[2].substring(1)).findFirst().orElseThrow();
    }
}
