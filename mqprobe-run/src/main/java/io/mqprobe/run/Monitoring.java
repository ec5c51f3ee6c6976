package io.mqprobe.run;

import io.mqprobe.api.Capability;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.monitor.MonitorRunner;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.monitor.ResourceAggregator;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.target.ClusterSession;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Resource monitoring for one load command: every sample goes into the result's timeline and into an
 * aggregator that summarizes each measured window.
 */
public final class Monitoring implements AutoCloseable {

    private final ResourceAggregator aggregator = new ResourceAggregator();
    private final MonitorRunner runner;

    private Monitoring(List<Sampler> samplers, MonitorPlan options, ResultDocument document, PrintWriter warnings) {
        this.runner = samplers.isEmpty() ? null : MonitorRunner.start(samplers, options.interval(), sample -> {
            aggregator.accept(sample);
            document.addSample(sample);
        }, warnings);
    }

    /**
     * Starts sampling the session's brokers, this process, the host, further local processes by source name (a
     * mirror's JVM) and the given topics and groups; disk and NIC rates are reported against the ceilings.
     */
    static Monitoring start(ClusterSession session, MonitorPlan options, Collection<String> topics,
                            Collection<String> groups, ResultDocument.Ceilings ceilings, Map<String, LongSupplier> processes,
                            ResultDocument document, PrintWriter warnings) {
        if (options.disabled()) {
            return new Monitoring(List.of(), options, document, warnings);
        }
        MonitorSources.Builder sources = options.remote().addTo(MonitorSources.builder()
                        .localBrokers(session::localBrokers)
                        .localProcesses(processes)
                        .client()
                        .host())
                .kafkaProtocol(session.driver().admin(), topics, groups)
                .replicaLogSizes(!session.driver().unsupported().contains(Capability.REPLICA_LOG_SIZES))
                .driverSamplers(session.driver().brokerSamplers())
                .ceilings(ceilings.disk(), ceilings.nic())
                .links(session.measuredLinks());
        List<Sampler> samplers = sources.build();
        sources.blindSpots().forEach(line -> {
            warnings.println(line);
            warnings.flush();
        });
        return new Monitoring(samplers, options, document, warnings);
    }

    /** Mean and peak of every resource over a window, for the step results. */
    public ResourceWindow window() {
        return aggregator::summarize;
    }

    public List<ResourceSample> samples() {
        return aggregator.samples();
    }

    @Override
    public void close() {
        if (runner != null) {
            runner.close();
        }
    }
}
