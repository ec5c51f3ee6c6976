package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NIC of a broker that runs in a network namespace of its own ({@code --broker-net}): bytes through its
 * {@code eth0} from {@code /proc/<pid>/net/dev} (which shows the process's namespace), with the link's capacity:
 * what the link probe measured across it when it ran (a link narrowed outside mqprobe shows there), else the rate of
 * the {@code tc tbf} qdisc on its {@code eth0} (read once per broker process), so that a broker whose link is full is
 * named. A broker in this process's namespace reports nothing here (the host sampler sees its traffic).
 */
public final class NamespaceNicSampler implements Sampler {

    private static final Pattern RATE = Pattern.compile("\\brate (\\d+(?:\\.\\d+)?)([KMG]?)bit", Pattern.CASE_INSENSITIVE);
    private static final String DEVICE = "eth0";

    private final String source;
    private final LongSupplier pid;
    private final LinkRate measured;
    private final CounterRates rates = new CounterRates();
    private long lastPid = -1;
    private OptionalDouble rxCapacity = OptionalDouble.empty();
    private OptionalDouble txCapacity = OptionalDouble.empty();

    /** @param measured the link as the link probe measured it, or null to take the tc rate */
    public NamespaceNicSampler(String source, LongSupplier pid, LinkRate measured) {
        this.source = source;
        this.pid = pid;
        this.measured = measured;
    }

    @Override
    public String name() {
        return "netns " + source;
    }

    @Override
    public List<ResourceSample> sample(long epochMs) throws IOException {
        long p = pid.getAsLong();
        if (p <= 0 || sameNamespace(p)) {
            return List.of();
        }
        if (p != lastPid) {
            rates.reset();
            lastPid = p;
            OptionalDouble configured = measured == null ? linkRate(p) : OptionalDouble.empty();
            rxCapacity = measured == null ? configured : OptionalDouble.of(measured.inBytesPerSecond());
            txCapacity = measured == null ? configured : OptionalDouble.of(measured.outBytesPerSecond());
        }
        long[] bytes = counters(Files.readString(Path.of("/proc", Long.toString(p), "net", "dev")));
        if (bytes == null) {
            return List.of();
        }
        double rx = rates.perSecond("rx", bytes[0], epochMs);
        double tx = rates.perSecond("tx", bytes[1], epochMs);
        if (Double.isNaN(rx) || Double.isNaN(tx)) {
            return List.of();
        }
        return List.of(new ResourceSample(epochMs, source, Metric.NET_RX_BPS, rx, rxCapacity),
                new ResourceSample(epochMs, source, Metric.NET_TX_BPS, tx, txCapacity));
    }

    /** rx and tx bytes of {@code eth0} in a {@code /proc/net/dev} text, or null when it has none. */
    static long[] counters(String netDev) {
        for (String line : netDev.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith(DEVICE + ":")) {
                String[] f = trimmed.substring(DEVICE.length() + 1).trim().split("\\s+");
                return new long[] {Long.parseLong(f[0]), Long.parseLong(f[8])};
            }
        }
        return null;
    }

    /** The first {@code rate N[KMG]bit} of a {@code tc qdisc show} text, in bytes per second; empty without one. */
    static OptionalDouble parseRate(String tcOutput) {
        Matcher m = RATE.matcher(tcOutput);
        if (!m.find()) {
            return OptionalDouble.empty();
        }
        double bits = Double.parseDouble(m.group(1)) * switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            default -> 1;
        };
        return OptionalDouble.of(bits / 8);
    }

    private static boolean sameNamespace(long p) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(p), "ns", "net"))
                    .equals(Files.readSymbolicLink(Path.of("/proc/self/ns/net")));
        } catch (IOException | UnsupportedOperationException e) {
            return true;   // cannot tell (not root): leave it to the host sampler
        }
    }

    /** The rate of the broker's own link, from tc inside its namespace; empty when it cannot be read. */
    private static OptionalDouble linkRate(long p) {
        try {
            Process tc = new ProcessBuilder("nsenter", "-t", Long.toString(p), "-n", "tc", "qdisc", "show", "dev", DEVICE)
                    .redirectErrorStream(true).start();
            String out = new String(tc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!tc.waitFor(5, TimeUnit.SECONDS)) {
                tc.destroyForcibly();
                return OptionalDouble.empty();
            }
            return tc.exitValue() == 0 ? parseRate(out) : OptionalDouble.empty();
        } catch (IOException e) {
            return OptionalDouble.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalDouble.empty();
        }
    }
}
