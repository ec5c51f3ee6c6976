package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class JvmLauncherTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_make_relative_class_path_entries_absolute_because_brokers_start_in_their_own_directory() {
        String cwd = Path.of("").toAbsolutePath().toString();
        String classPath = String.join(File.pathSeparator, "mqprobe-cli.jar", "lib/*", "/opt/x.jar");

        String absolute = ChildJava.absolute(classPath);

        assertThat(absolute.split(File.pathSeparator)).containsExactly(
                cwd + File.separator + "mqprobe-cli.jar", cwd + File.separator + "lib" + File.separator + "*", "/opt/x.jar");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_name_the_node_directory_before_the_long_class_path() {
        ProcessNode node = new ProcessNode(2, "broker-2", Path.of("/tmp/run/broker-2"), "127.0.0.1", 9999, Map.of("port", 9092));
        JvmSpec spec = new JvmSpec("org.example.Main", List.of("/tmp/run/broker-2/server.properties", "cluster-id"),
                1L << 30, List.of(), null, 42);

        List<String> cmd = JvmLauncher.command(node, spec, Placement.NONE);

        int tag = cmd.indexOf(JvmLauncher.nodeTag(node.dir()));
        assertThat(tag).isPositive().isLessThan(cmd.indexOf("-cp"));
        assertThat(cmd).contains("-Xmx1024m", "-Djava.io.tmpdir=/tmp/run/broker-2/tmp", "-Dcom.sun.management.jmxremote.port=9999", "-Dcom.sun.management.jmxremote.rmi.port=9999");
        assertThat(cmd.subList(cmd.size() - 5, cmd.size())).containsExactly("org.example.Main", "42",
                "/tmp/run/broker-2/detached", "/tmp/run/broker-2/server.properties", "cluster-id");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_split_the_nodes_own_options_on_blanks_and_take_none_from_an_empty_setting() {
        assertThat(JvmLauncher.extraOptions("  -XX:TieredStopAtLevel=1 \t-Djava.security.egd=file:/dev/./urandom ")).containsExactly(
                "-XX:TieredStopAtLevel=1", "-Djava.security.egd=file:/dev/./urandom");
        assertThat(JvmLauncher.extraOptions("")).isEmpty();
        assertThat(JvmLauncher.extraOptions(null)).isEmpty();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_place_the_jvm_in_its_cgroups_and_namespace_before_it_starts() {
        ProcessNode node = new ProcessNode(1, "broker-1", Path.of("/tmp/run/broker-1"), "10.213.0.11", 9999, Map.of());
        JvmSpec spec = new JvmSpec("org.example.Main", List.of(), 1L << 30, List.of(), null, 42);
        Placement placement = new Placement(List.of("/sys/fs/cgroup/cpu/mqprobe-7/broker-1/cgroup.procs"), "mqprobe-7-broker-1");

        List<String> cmd = JvmLauncher.command(node, spec, placement);

        int java = cmd.indexOf(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        assertThat(cmd.subList(0, java)).containsSubsequence("/bin/sh", "-c", "ip", "netns", "exec", "mqprobe-7-broker-1");
        assertThat(String.join(" ", cmd.subList(0, java)))
                .contains("echo $$ > '/sys/fs/cgroup/cpu/mqprobe-7/broker-1/cgroup.procs' && exec \"$@\"");
        assertThat(cmd).contains("-Djava.rmi.server.hostname=10.213.0.11", "-Dcom.sun.management.jmxremote.host=10.213.0.11");
    }
}
