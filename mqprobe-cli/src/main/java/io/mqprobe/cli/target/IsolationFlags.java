package io.mqprobe.cli.target;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.embedded.isolation.NetShape;
import picocli.CommandLine.Option;

/**
 * How the embedded brokers and the load generator are confined (cgroups, network namespaces, disk
 * throttles; root only): a picocli mixin of {@link TargetOptions} and of {@code mqprobe cluster up}.
 */
public final class IsolationFlags {

    @Option(names = "--broker-spec", paramLabel = "SPEC",
            description = "Size of each embedded broker, e.g. 2c4g, 0.5c1g, 0.25c1g: a CPU quota (whole cores pinned where free), "
                    + "a memory limit and a heap of half the memory (cgroups; needs root).")
    String brokerSpec;

    @Option(names = "--client-cores", paramLabel = "N",
            description = "CPU quota of the load generator (this process), in cores (default: what the brokers leave; needs root).")
    Double clientCores;

    @Option(names = "--allow-oversubscribe",
            description = "Run even when broker specs and client cores add up to more than the machine (said in the result).")
    boolean allowOversubscribe;

    @Option(names = "--broker-net", paramLabel = "RATE[,DELAY]",
            description = "Each embedded broker in its own network namespace with a link of RATE (tc, e.g. 200mbit) "
                    + "and an optional one-way DELAY (e.g. 5ms), or 'unshaped'; needs root.")
    String brokerNet;

    @Option(names = "--broker-disk", paramLabel = "RATE",
            description = "Throttle each embedded broker's disk writes, e.g. 20MB/s (blkio / io.max; see docs/isolation.md).")
    String brokerDisk;

    /** True when none of the isolation flags was given. */
    public boolean unset() {
        return brokerSpec == null && clientCores == null && !allowOversubscribe && brokerNet == null && brokerDisk == null;
    }

    /**
     * The isolation the options ask for, validated.
     *
     * @throws UsageException naming the bad value
     */
    public IsolationOptions isolation() {
        if (clientCores != null && !(clientCores > 0)) {
            throw new UsageException("--client-cores must be positive, got " + clientCores);
        }
        return new IsolationOptions(brokerSpec == null ? null : InstanceSpec.parse(brokerSpec),
                clientCores == null ? 0 : clientCores, allowOversubscribe,
                brokerNet == null ? null : NetShape.parse(brokerNet),
                brokerDisk == null ? 0 : (long) DataRate.parse(brokerDisk));
    }

    /** True when an option sizes or confines the embedded brokers themselves (not only the load generator). */
    public boolean confinesBrokers() {
        return brokerSpec != null || brokerNet != null || brokerDisk != null;
    }
}
