package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.Placement;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds and starts a node's child JVM: its own session, stdin from /dev/null, output appended to the
 * node's console log, this JVM's class path made absolute, JMX on one port of the node's address.
 */
final class JvmLauncher {

    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final File DEV_NULL = new File("/dev/null");

    private JvmLauncher() {
    }

    static Process launch(ProcessNode node, JvmSpec spec, Placement placement) throws IOException {
        Files.createDirectories(node.logDir());
        Files.createDirectories(tempDir(node));
        ProcessBuilder builder = new ProcessBuilder(command(node, spec, placement))
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(node.consoleLog().toFile()));
        if (DEV_NULL.exists()) {
            builder.redirectInput(DEV_NULL);
        }
        return builder.start();
    }

    private static Path tempDir(ProcessNode node) {
        return node.dir().resolve("tmp");
    }

    /** Names the node's directory on its command line, so a pid can be checked to still be that node. */
    static String nodeTag(Path nodeDir) {
        return "-Dmqprobe.node=" + nodeDir;
    }

    /**
     * JVM options for every node, last so they win ({@code MQPROBE_NODE_JVM_OPTS="-Djava.security.egd=file:/dev/./urandom"}),
     * as {@code MQPROBE_JAVA_OPTS} sets mqprobe's own. The test suite compiles its nodes with C1 alone through it.
     */
    static final String EXTRA_OPTIONS = "MQPROBE_NODE_JVM_OPTS";

    static List<String> extraOptions(String value) {
        return value == null || value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
    }

    static List<String> command(ProcessNode node, JvmSpec spec, Placement placement) {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // own session: Ctrl-C on the terminal reaches only mqprobe, which then stops the nodes in order
            // (setsid, ip netns exec and the placing shell all exec in place, so the pid stays the JVM's)
            cmd.add(SETSID.toString());
        }
        cmd.addAll(placement.prefix());
        cmd.add(ChildJava.binary());
        // first, because the JDK shows only the first 4 KiB of another process's command line
        cmd.add(nodeTag(node.dir()));
        long heapMiB = spec.heapBytes() >> 20;
        cmd.add("-Xms" + heapMiB + "m");
        cmd.add("-Xmx" + heapMiB + "m");
        // the GC settings of Kafka's own start script
        cmd.add("-XX:+UseG1GC");
        cmd.add("-XX:MaxGCPauseMillis=20");
        cmd.add("-XX:InitiatingHeapOccupancyPercent=35");
        cmd.add("-XX:+ExplicitGCInvokesConcurrent");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        // a GC log beside the node's other logs, as Kafka's start script writes one: why a broker's CPU jumped is
        // often in it (the cause of a bistable broker cost was found there; see EmbeddedKafkaCluster's region size)
        cmd.add("-Xlog:gc*:file=" + node.logDir().resolve("gc.log") + ":time,uptime,tags:filecount=2,filesize=16M");
        // every compiler thread from the start, so isolation can move them all out of the CPU quota at once
        cmd.add("-XX:-UseDynamicNumberOfCompilerThreads");
        cmd.add("-Djava.awt.headless=true");
        // JMX on the node's address, one port for registry and RMI so monitors need to know a single number
        cmd.add("-Dcom.sun.management.jmxremote");
        cmd.add("-Dcom.sun.management.jmxremote.port=" + node.jmxPort());
        cmd.add("-Dcom.sun.management.jmxremote.rmi.port=" + node.jmxPort());
        cmd.add("-Dcom.sun.management.jmxremote.host=" + node.host());
        cmd.add("-Dcom.sun.management.jmxremote.authenticate=false");
        cmd.add("-Dcom.sun.management.jmxremote.ssl=false");
        cmd.add("-Djava.rmi.server.hostname=" + node.host());
        if (spec.logConfig() != null) {
            cmd.add("-Dlog4j2.configurationFile=" + spec.logConfig());
        }
        cmd.add("-Dmqprobe.node.logDir=" + node.logDir());
        // temporary files (Netty's self-signed certificates, native libraries unpacked by compression codecs) go with
        // the node's directory, instead of piling up in the machine's /tmp
        cmd.add("-Djava.io.tmpdir=" + tempDir(node));
        cmd.addAll(spec.jvmArgs());
        cmd.addAll(extraOptions(System.getenv(EXTRA_OPTIONS)));
        cmd.add("-cp");
        // the child starts in the node's directory: the class path must not be relative to ours
        cmd.add(ChildJava.classPath());
        cmd.add(spec.mainClass());
        cmd.add(Long.toString(spec.watchedPid()));
        cmd.add(node.detachedMarker().toString());
        cmd.addAll(spec.args());
        return cmd;
    }
}
