package io.mqprobe.embedded;

import java.util.List;

/**
 * What runs in a node's JVM. The launcher adds what every node needs: heap, GC settings, JMX on one
 * port, the node tag, the class path of this JVM and the orphan guard's arguments.
 *
 * @param mainClass    the node's main class; it should call {@link OrphanGuard#install(String[])} first
 * @param args         arguments after the orphan guard's two
 * @param heapBytes    -Xms and -Xmx
 * @param jvmArgs      further JVM options (system properties of the node)
 * @param logConfig    log4j2 configuration URI, or {@code null}
 * @param watchedPid   the process whose death halts the node unless it is detached
 */
public record JvmSpec(String mainClass, List<String> args, long heapBytes, List<String> jvmArgs, String logConfig, long watchedPid) {

    public JvmSpec {
        args = List.copyOf(args);
        jvmArgs = List.copyOf(jvmArgs);
    }
}
