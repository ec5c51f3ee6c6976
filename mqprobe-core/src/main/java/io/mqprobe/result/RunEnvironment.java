package io.mqprobe.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/** The machine mqprobe ran on: results from different boxes must not be compared blindly. */
public record RunEnvironment(String hostname, int cores, long memoryBytes, String os, String java) {

    public static RunEnvironment capture() {
        long memory = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new RunEnvironment(localHostname(), Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version"), System.getProperty("java.version"));
    }

    private static String localHostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
