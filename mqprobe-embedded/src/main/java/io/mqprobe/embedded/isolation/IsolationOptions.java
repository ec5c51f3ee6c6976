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

    /**
     * The share of the machine's cores left outside every quota by default: what cannot run inside them fits there.
     * Measured on the 2-core machine at replicated-all's and replicated-leader's ceilings with quotas that filled the
     * machine: the kernel's own threads 0.05-0.09 cores, the JIT compilers mqprobe moves out of the quotas 0.01-0.43,
     * other processes 0.01 (result.json {@code cpuAccount}); the host, not a process, was then the verdict.
     */
    static final double HEADROOM_SHARE = 0.2;
    /**
     * The fewest cores left outside the quotas: the compilers of four JVMs, the kernel's loopback work and mqprobe's
     * monitors take about that much whatever the machine's size. With a fifth of 2 cores (0.4) the host was still the
     * verdict in 1-2 of 4 scenarios of each default probe of 2026-12-01/02 (brokers compiled 100-300 ms/s each minutes
     * in); with 0.7 (brokers 0.3c2g, client 0.4 cores) in none of the 48 scenario runs of the series of 2026-12-02
     * 02:25, 03:06, 05:24 and 09:01 (bench/README.md).
     */
    static final double LEAST_HEADROOM_CORES = 0.7;
    /** The most left outside: on one core, 0.7 would leave the brokers and the client 0.3 cores in all. */
    static final double MOST_HEADROOM_SHARE = 0.35;
    /**
     * The least memory mqprobe gives a broker it sizes itself: a heap of 1 GiB, as Kafka's own start script gives one,
     * and as much page cache. A broker's heap is half its memory, and a 512 MiB heap holds the log cleaner's 128 MiB
     * buffer near G1's occupancy threshold, so the collector's concurrent cycles ran inside the quota at any load:
     * replicated-all's paced steps read a median p99 of 240 ms at 11-24k msgs/s with 512 MiB heaps and 138 ms at
     * 18-36k msgs/s with 1 GiB ones (2026-12-01, one probe each, docs/isolation.md).
     */
    static final long LEAST_BROKER_MEMORY = 2L << 30;
    /** The smallest broker quota chosen around a client's: below it a broker barely starts. */
    static final double LEAST_BROKER_CORES = 0.1;

    /**
     * The load generator's quota in brokers' quotas, for up to three brokers: what feeds one broker at its ceiling, kept
     * near 75 % busy. At a broker's ceiling the client spends more CPU than the broker: in the default series of
     * 2026-12-07 (brokers 0.3 cores, client a quarter of the quotas, 0.4) it read 0.35-0.40 cores where the brokers read
     * 0.29-0.30, and was named beside them in 7 of the 12 scenario runs of the last series (single, broker-ceiling and
     * replicated-leader). Their ceilings were then lower bounds that moved with the load generator's own speed, which
     * differed by 27-30 % between runs; the ceilings of broker-ceiling and replicated-leader lay 16 and 22 % from their
     * medians, where replicated-all's, the brokers' alone, lay within 1 %.
     */
    static final double CLIENT_IN_BROKERS = 1.8;
    /**
     * Beyond three brokers the cluster takes more than one broker's ceiling, and the load generator feeds all of them:
     * replicated-leader's three leaders took 1.1-1.3 times broker-ceiling's one, so at least this share of the brokers'
     * quotas in all.
     */
    static final double CLIENT_PER_BROKER = 0.6;

    /**
     * What mqprobe chooses itself when it probes an embedded cluster of its own and nothing was asked: {@link
     * #headroomCores} left outside the quotas, of the rest the load generator {@link #CLIENT_IN_BROKERS} brokers' worth
     * (more with more than three brokers, {@link #CLIENT_PER_BROKER}), rounded to a hundredth of a core, and the brokers
     * equal shares of the rest (rounded down to a hundredth), each with 2 GiB per core (at least {@link
     * #LEAST_BROKER_MEMORY}, at most 8 GiB). On 2 cores and 3 brokers: brokers 0.27c2g, client 0.49 cores; on 16 cores:
     * 2.66c5.3g and 4.8 cores.
     */
    public static IsolationOptions automatic(int brokers, int machineCores) {
        double quotas = machineCores - headroomCores(machineCores);
        double clientInBrokers = Math.max(CLIENT_IN_BROKERS, CLIENT_PER_BROKER * brokers);
        double client = Math.round(100 * quotas * clientInBrokers / (brokers + clientInBrokers)) / 100.0;
        return shared(quotas - client, client, false, brokers);
    }

    /**
     * The brokers {@link #automatic} chooses around a load generator's quota the user gave ({@code --client-cores}
     * alone): the rest of the quotas in equal shares. Without this, that one flag turned the brokers' default quotas off
     * and a soak ran its brokers on the whole machine beside a confined client.
     *
     * @throws UsageException when the client's cores leave the brokers less than {@link #LEAST_BROKER_CORES} each
     */
    public static IsolationOptions brokersAround(double clientCores, boolean allowOversubscribe, int brokers,
                                                 int machineCores) {
        double quotas = machineCores - headroomCores(machineCores);
        if ((quotas - clientCores) / brokers < LEAST_BROKER_CORES) {
            throw new UsageException(String.format(java.util.Locale.ROOT, "--client-cores %s leaves %d brokers under %.2f "
                    + "cores each of the %.1f cores mqprobe shares out on %d; give fewer client cores, or --broker-spec too",
                    clientCores, brokers, LEAST_BROKER_CORES, quotas, machineCores));
        }
        return shared(quotas - clientCores, clientCores, allowOversubscribe, brokers);
    }

    /**
     * The cores left outside every quota: a fifth of the machine ({@link #HEADROOM_SHARE}), at least {@link
     * #LEAST_HEADROOM_CORES}, at most {@link #MOST_HEADROOM_SHARE} of it. 2 cores: 0.7; 4: 0.8; 16: 3.2.
     */
    static double headroomCores(int machineCores) {
        return Math.min(MOST_HEADROOM_SHARE * machineCores, Math.max(HEADROOM_SHARE * machineCores, LEAST_HEADROOM_CORES));
    }

    /** {@code brokerCores} in equal shares (rounded down to a hundredth of a core), each with 2 GiB per core (2-8 GiB). */
    private static IsolationOptions shared(double brokerCores, double clientCores, boolean allowOversubscribe, int brokers) {
        double each = Math.floor(100 * brokerCores / brokers) / 100;
        long memory = Math.max(LEAST_BROKER_MEMORY, Math.min(8L << 30, (long) (each * (2L << 30))));
        return new IsolationOptions(new InstanceSpec(each, memory >> 20 << 20), clientCores, allowOversubscribe, null, 0);
    }

    /** Why this process cannot isolate (not root, no usable cgroup hierarchy), or empty when it can. */
    public static java.util.Optional<String> unavailableReason() {
        return Cgroups.detect().isPresent() ? java.util.Optional.empty() : java.util.Optional.of(Cgroups.unusableReason());
    }

    /** The same, with each broker in a network namespace of its own behind {@code net}. */
    public IsolationOptions withBrokerNet(NetShape net) {
        return new IsolationOptions(brokerSpec, clientCores, allowOversubscribe, net, brokerDiskBytesPerSecond);
    }

    /** A broker's heap: half the memory of its spec, or {@code unconfinedBytes} without one. */
    public long brokerHeapBytes(long unconfinedBytes) {
        return brokerSpec != null ? brokerSpec.heapBytes() : unconfinedBytes;
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
