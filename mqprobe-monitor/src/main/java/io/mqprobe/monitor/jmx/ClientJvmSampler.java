package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.monitor.CounterRates;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/** Garbage collection and JIT compilation of mqprobe's own JVM (source {@code client}) from the platform MXBeans. */
public final class ClientJvmSampler implements Sampler {

    private final CounterRates rates = new CounterRates();
    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();

    @Override
    public String name() {
        return "jvm client";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        GcTotals gc = GcTotals.platform();
        List<ResourceSample> out = new ArrayList<>(3);
        double timeMsPerS = rates.perSecond("gc.time", gc.timeMs(), epochMs);
        double countPerS = rates.perSecond("gc.count", gc.count(), epochMs);
        if (!Double.isNaN(timeMsPerS)) {
            out.add(new ResourceSample(epochMs, "client", Metric.GC_MS_PER_S, timeMsPerS, 1000.0));
            out.add(ResourceSample.of(epochMs, "client", Metric.GC_COUNT_PER_S, countPerS));
        }
        if (compiler != null && compiler.isCompilationTimeMonitoringSupported()) {
            double jitMsPerS = rates.perSecond("jit.time", compiler.getTotalCompilationTime(), epochMs);
            if (!Double.isNaN(jitMsPerS)) {
                out.add(ResourceSample.of(epochMs, "client", Metric.JIT_MS_PER_S, jitMsPerS));
            }
        }
        return out;
    }
}
