package io.mqprobe.embedded.isolation;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.UsageException;

/**
 * What confinement an embedded cluster's brokers and the load generator ask for; all optional.
 *
 * @param brokerSpec               each broker's size, or {@code null} for no CPU and memory limits
 * @param clientCores              the load generator's CPU quota in cores; 0 = what the brokers leave
 * @param allowOversubscribe       run even when the specs add up to more than the machine
 * @param brokerNet                each broker in its own network namespace with this link, or {@code null}
 * @param brokerDiskBytesPerSecond write throttle on each broker's disk, 0 for none
 */
public record IsolationOptions(InstanceSpec brokerSpec, double clientCores, boolean allowOversubscribe,
                               NetShape brokerNet, long brokerDiskBytesPerSecond) {

    public static final IsolationOptions NONE = new IsolationOptions(null, 0, false, null, 0);

    public IsolationOptions {
        if (clientCores < 0 || brokerDiskBytesPerSecond < 0) {
            throw new UsageException("--client-cores and --broker-disk cannot be negative");
        }
    }

    /** True when anything needs cgroups or namespaces. */
    public boolean requested() {
        return brokerSpec != null || clientCores > 0 || brokerNet != null || brokerDiskBytesPerSecond > 0;
    }

    /** True when the brokers need cgroups (the client's own group is asked for apart). */
    boolean brokerCgroups() {
        return brokerSpec != null || brokerDiskBytesPerSecond > 0;
    }
}
