package io.mqprobe.kafka.embedded;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.embedded.FaultRunner;
import io.mqprobe.embedded.Readiness;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.embedded.isolation.NetShape;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 2-broker cluster confined as root: each broker in its cgroup (0.5 cores, 1 GiB) and network namespace
 * (200 mbit), clients through the bridge; partition and slow-disk faults on it; nothing left after close.
 * Skipped without root or cgroup v1/v2 controllers.
 */
class IsolatedClusterTest {

    private static final String TAG = "mqprobe-" + ProcessHandle.current().pid();
    private static EmbeddedKafkaCluster cluster;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")),
                "needs root and cgroups");
        IsolationOptions isolation = new IsolationOptions(InstanceSpec.parse("0.5c1g"), 0, false, NetShape.parse("200mbit"), 0);
        cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(2).withIsolation(isolation));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_run_each_broker_in_its_own_cgroup_and_namespace_and_serve_clients_through_the_bridge() throws Exception {
        LocalBrokerProcess broker = cluster.brokers().get(0);

        assertThat(broker.host()).startsWith("10.").isNotEqualTo(cluster.brokers().get(1).host());
        assertThat(broker.instanceSpec()).contains(InstanceSpec.parse("0.5c1g"));
        String cgroups = Files.readString(Path.of("/proc/" + broker.pid() + "/cgroup"));
        assertThat(cgroups).containsPattern(TAG + "/k\\d-broker-1");
        assertThat(ProcessHandle.of(broker.pid()).orElseThrow().info().commandLine().orElse("")).contains("-Xmx512m");
        if (Files.isDirectory(Path.of("/sys/fs/cgroup/cpu"))) {
            String group = group(broker.pid(), "cpu");
            assertThat(Files.readString(Path.of("/sys/fs/cgroup/cpu", group, "cpu.cfs_quota_us")).trim()).isEqualTo("50000");
            assertThat(Files.readString(Path.of("/sys/fs/cgroup/memory", group, "memory.limit_in_bytes")).trim())
                    .isEqualTo(Long.toString(1L << 30));
            // the JIT compiler threads and the threads answering JMX (mqprobe's monitors) run outside the quota, every
            // other thread inside it; the JMX threads are swept out within a second or two of appearing
            Map<String, List<String>> byKind = threadGroups(broker.pid());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!byKind.getOrDefault("monitor", List.of()).stream().allMatch((TAG + "/monitors")::equals)
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
                byKind = threadGroups(broker.pid());
            }
            assertThat(byKind.get("compiler")).isNotEmpty().containsOnly(TAG + "/compilers");
            assertThat(byKind.get("monitor")).as("the JMX connector's threads").isNotEmpty().containsOnly(TAG + "/monitors");
            assertThat(byKind.get("other")).hasSizeGreaterThan(20).containsOnly(group);
        }
        assertThat(sendAll("mqprobe-isolated", 200)).isZero();
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void should_cut_a_broker_off_during_a_partition_and_reach_it_again_after_heal() throws Exception {
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));
        LocalBrokerProcess broker = cluster.brokers().get(1);
        int port = cluster.listenerPort(2);
        assertThat(Readiness.listening(broker.host(), port)).isTrue();

        AppliedFault partition = faults.apply(FaultSpec.parse("partition:broker-2+5s"));

        assertThat(Readiness.listening(broker.host(), port)).as("reachable while partitioned").isFalse();
        partition.undo();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Readiness.listening(broker.host(), port) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(Readiness.listening(broker.host(), port)).as("reachable after heal").isTrue();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_throttle_a_brokers_disk_writes_during_slow_disk_and_lift_it_after() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/sys/fs/cgroup/blkio")), "checks the v1 blkio file");
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));
        Path throttle = Path.of("/sys/fs/cgroup/blkio", group(cluster.brokers().get(0).pid(), "blkio"), "blkio.throttle.write_bps_device");

        AppliedFault slow = faults.apply(FaultSpec.parse("slow-disk:broker-1+5s=5MB/s"));

        assertThat(Files.readString(throttle)).matches("(?s)\\d+:\\d+ 5000000\\s*");
        slow.undo();
        assertThat(Files.readString(throttle).trim()).isEmpty();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void should_leave_no_namespace_link_or_cgroup_behind_when_closed() throws Exception {
        IsolationOptions isolation = new IsolationOptions(InstanceSpec.parse("0.25c1g"), 0, true, NetShape.parse("100mbit"), 0);
        EmbeddedKafkaCluster other = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(1).withIsolation(isolation));
        String subnetHost = other.brokers().get(0).host();

        String group = group(other.brokers().get(0).pid(), "cpu");
        other.close();

        assertThat(run("ip", "netns", "list")).doesNotContain(group.replace('/', '-'));
        assertThat(run("ip", "-4", "addr")).doesNotContain(subnetHost.substring(0, subnetHost.lastIndexOf('.')) + ".1/");
        // the class's own cluster still holds its groups: only the closed cluster's group may not exist
        try (Stream<Path> roots = Files.list(Path.of("/sys/fs/cgroup"))) {
            for (Path root : roots.toList()) {
                assertThat(root.resolve(group)).doesNotExist();
            }
        }
    }

    /** The cpu group of each thread of {@code pid}, by kind: compiler threads, JMX and flight-recorder threads, others. */
    private static Map<String, List<String>> threadGroups(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            return tasks.collect(Collectors.groupingBy(task -> kind(read(task.resolve("comm"))),
                    Collectors.mapping(task -> group(task.resolve("cgroup"), "cpu"), Collectors.toList())));
        }
    }

    private static String kind(String comm) {
        return comm.matches("C[12] CompilerThre\\s*") ? "compiler"
                : comm.matches("(RMI TCP |RMI Scheduler|JMX server conn|JFR )(?s).*") ? "monitor" : "other";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The process's group in a v1 controller, e.g. {@code mqprobe-42/k0-broker-1}, from /proc/PID/cgroup. */
    private static String group(long pid, String controller) throws IOException {
        return group(Path.of("/proc/" + pid + "/cgroup"), controller);
    }

    private static String group(Path cgroupFile, String controller) {
        return read(cgroupFile).lines()
                .map(line -> line.split(":", 3)).filter(f -> List.of(f[1].split(",")).contains(controller))
                .map(f -> f[2].substring(1)).findFirst().orElseThrow();
    }

    private static long sendAll(String topic, int messages) {
        try (Driver driver = Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(20)))) {
            driver.admin().createTopic(TopicSpec.of(topic, 2, 2));
            AtomicLong errors = new AtomicLong();
            try (MessageProducer producer = driver.newProducer(ClientSettings.producer("isolated", Map.of("acks", "all")))) {
                for (int i = 0; i < messages; i++) {
                    producer.send(topic, new byte[1024], i, (token, error) -> {
                        if (error != null) {
                            errors.incrementAndGet();
                        }
                    });
                }
                producer.flush();
            }
            return errors.get();
        }
    }

    private static String run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }
}
