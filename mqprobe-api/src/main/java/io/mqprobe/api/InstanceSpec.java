package io.mqprobe.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size of one instance, as cloud offerings name it: {@code 2c4g} is two cores and 4 GiB of memory.
 * An embedded broker of this size gets a CPU quota of {@code cpuCores}, a memory limit of
 * {@code memoryBytes} and a JVM heap of half the memory (how the field articles size brokers).
 *
 * @param cpuCores    CPU quota in cores, at least 0.05
 * @param memoryBytes memory limit, at least 256 MiB
 */
public record InstanceSpec(double cpuCores, long memoryBytes) {

    private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)c([0-9]+(?:\\.[0-9]+)?)([gm])");

    public InstanceSpec {
        if (!(cpuCores >= 0.05) || memoryBytes < (256L << 20)) {
            throw new UsageException("an instance spec needs at least 0.05 cores and 256 MiB, got "
                    + cpuCores + " cores and " + (memoryBytes >> 20) + " MiB");
        }
    }

    /**
     * Parses {@code 2c4g}, {@code 0.5c1g}, {@code 0.25c512m} (cores, then GiB or MiB).
     *
     * @throws UsageException naming the value and the accepted form
     */
    @JsonCreator
    public static InstanceSpec parse(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("bad instance spec '" + text + "' (form CORES c MEMORY g|m, e.g. 2c4g, 0.5c1g, 0.25c512m)");
        }
        double memory = Double.parseDouble(m.group(2)) * ("g".equals(m.group(3)) ? (1L << 30) : (1L << 20));
        return new InstanceSpec(Double.parseDouble(m.group(1)), (long) memory);
    }

    /** Half the memory: the rest is page cache and the JVM's own. */
    public long heapBytes() {
        return memoryBytes / 2;
    }

    @JsonValue
    @Override
    public String toString() {
        String cores = BigDecimal.valueOf(cpuCores).stripTrailingZeros().toPlainString();
        return memoryBytes % (1L << 30) == 0 ? cores + "c" + (memoryBytes >> 30) + "g" : cores + "c" + (memoryBytes >> 20) + "m";
    }
}
