package io.mqprobe.kafka.embedded;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Builds and starts the child JVM of one embedded broker. */
final class BrokerLauncher {

    private static final String LOG_CONFIG = "classpath:io/mqprobe/kafka/embedded/broker-log4j2.xml";
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final File DEV_NULL = new File("/dev/null");

    private BrokerLauncher() {
    }

    static Process launch(BrokerNode node, String clusterId, long heapBytes, long watchedPid) throws IOException {
        Files.createDirectories(node.logDir());
        ProcessBuilder builder = new ProcessBuilder(command(node, clusterId, heapBytes, watchedPid))
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(node.consoleLog().toFile()));
        if (DEV_NULL.exists()) {
            builder.redirectInput(DEV_NULL);
        }
        return builder.start();
    }

    /** Names the broker's directory on its command line, so a pid can be checked to still be that broker. */
    static String nodeTag(Path nodeDir) {
        return "-Dmqprobe.broker.node=" + nodeDir;
    }

    /** The child starts in the broker's directory, so entries relative to ours (e.g. {@code lib/*}) must be made absolute. */
    static String absoluteClassPath(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> entry.endsWith("*")
                        ? Path.of(entry.substring(0, entry.length() - 1)).toAbsolutePath() + File.separator + "*"
                        : Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    static List<String> command(BrokerNode node, String clusterId, long heapBytes, long watchedPid) {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // own session: Ctrl-C on the terminal reaches only mqprobe, which then stops the brokers in order
            // (setsid execs in place, so the pid stays the JVM's)
            cmd.add(SETSID.toString());
        }
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // first, because the JDK shows only the first 4 KiB of another process's command line
        cmd.add(nodeTag(node.dir()));
        long heapMiB = heapBytes >> 20;
        cmd.add("-Xms" + heapMiB + "m");
        cmd.add("-Xmx" + heapMiB + "m");
        // the GC settings of Kafka's own start script
        cmd.add("-XX:+UseG1GC");
        cmd.add("-XX:MaxGCPauseMillis=20");
        cmd.add("-XX:InitiatingHeapOccupancyPercent=35");
        cmd.add("-XX:+ExplicitGCInvokesConcurrent");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-Djava.awt.headless=true");
        // JMX on loopback, one port for registry and RMI so monitors need to know a single number
        cmd.add("-Dcom.sun.management.jmxremote");
        cmd.add("-Dcom.sun.management.jmxremote.port=" + node.jmxPort());
        cmd.add("-Dcom.sun.management.jmxremote.rmi.port=" + node.jmxPort());
        cmd.add("-Dcom.sun.management.jmxremote.host=127.0.0.1");
        cmd.add("-Dcom.sun.management.jmxremote.authenticate=false");
        cmd.add("-Dcom.sun.management.jmxremote.ssl=false");
        cmd.add("-Djava.rmi.server.hostname=127.0.0.1");
        cmd.add("-Dlog4j2.configurationFile=" + LOG_CONFIG);
        cmd.add("-Dmqprobe.broker.logDir=" + node.logDir());
        cmd.add("-Dkafka.logs.dir=" + node.logDir());
        cmd.add("-cp");
        cmd.add(absoluteClassPath(System.getProperty("java.class.path")));
        cmd.add(BrokerMain.class.getName());
        cmd.add(node.configFile().toString());
        cmd.add(clusterId);
        cmd.add(Long.toString(watchedPid));
        return cmd;
    }
}
