package io.mqprobe.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/**
 * The machine mqprobe ran on: results from different boxes must not be compared blindly.
 *
 * @param coreSpeedMiBps      {@link CoreSpeed} when the run started, or {@code null} where it cannot be measured
 * @param coreSpeedAtEndMiBps {@link CoreSpeed} when the run ended ({@code null} until then)
 */
public record RunEnvironment(String hostname, int cores, long memoryBytes, String os, String java, Double coreSpeedMiBps,
                             Double coreSpeedAtEndMiBps) {

    public static RunEnvironment capture() {
        long memory = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new RunEnvironment(localHostname(), Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version"), System.getProperty("java.version"),
                CoreSpeed.measure(), null);
    }

    /** The same machine, its core speed measured again at the run's end. */
    public RunEnvironment atEnd() {
        return new RunEnvironment(hostname, cores, memoryBytes, os, java, coreSpeedMiBps, CoreSpeed.measure());
    }

    private static String localHostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
