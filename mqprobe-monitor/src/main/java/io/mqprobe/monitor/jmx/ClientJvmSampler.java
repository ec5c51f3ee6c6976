package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

import java.util.ArrayList;
import java.util.List;

/**
 * Garbage collection, the old generation after it and JIT compilation of mqprobe's own JVM (source {@code client})
 * from the platform MXBeans.
 */
public final class ClientJvmSampler implements Sampler {

    private final CounterRates rates = new CounterRates();

    @Override
    public String name() {
        return "jvm client";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        List<ResourceSample> out = new ArrayList<>(4);
        JvmTotals.platform().addRates(rates, epochMs, Sources.CLIENT, out);
        OldGenAfterGc.platform().ifPresent(oldGen -> oldGen.addTo(out, epochMs, Sources.CLIENT));
        return out;
    }
}
