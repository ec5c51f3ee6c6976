package io.mqprobe.kafka.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class BrokerLauncherTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_make_relative_class_path_entries_absolute_because_brokers_start_in_their_own_directory() {
        String cwd = Path.of("").toAbsolutePath().toString();
        String classPath = String.join(File.pathSeparator, "mqprobe-cli.jar", "lib/*", "/opt/x.jar");

        String absolute = BrokerLauncher.absoluteClassPath(classPath);

        assertThat(absolute.split(File.pathSeparator)).containsExactly(
                cwd + File.separator + "mqprobe-cli.jar", cwd + File.separator + "lib" + File.separator + "*", "/opt/x.jar");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_name_the_broker_directory_before_the_long_class_path() {
        BrokerNode node = new BrokerNode(2, 9092, 0, 9999, Path.of("/tmp/run/broker-2"));

        List<String> cmd = BrokerLauncher.command(node, "cluster-id", 1L << 30, 42);

        int tag = cmd.indexOf(BrokerLauncher.nodeTag(node.dir()));
        assertThat(tag).isPositive().isLessThan(cmd.indexOf("-cp"));
        assertThat(cmd).contains("-Xmx1024m", "-Dcom.sun.management.jmxremote.port=9999", "-Dcom.sun.management.jmxremote.rmi.port=9999");
        assertThat(cmd.subList(cmd.size() - 4, cmd.size()))
                .containsExactly(BrokerMain.class.getName(), "/tmp/run/broker-2/server.properties", "cluster-id", "42");
    }
}
