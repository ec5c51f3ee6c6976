package io.mqprobe.run;

import io.mqprobe.api.Capability;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.run.target.ClusterSession;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.monitor.MonitorRunner;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.monitor.ResourceAggregator;
import io.mqprobe.result.ResultDocument;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;

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
     * Starts sampling the session's brokers, this process, the host and the given topics and groups.
     *
     * @param diskCeiling probed or configured disk write ceiling in bytes/s, or NaN
     * @param nicCeiling  probed or configured NIC ceiling in bytes/s, or NaN
     */
    public static Monitoring start(ClusterSession session, MonitorPlan options, Collection<String> topics,
                                   Collection<String> groups, double diskCeiling, double nicCeiling,
                                   ResultDocument document, PrintWriter warnings) {
        return start(session, options, topics, groups, diskCeiling, nicCeiling, java.util.Map.of(), document, warnings);
    }

    /** Like the other, also sampling further local processes by source name (a mirror's JVM). */
    public static Monitoring start(ClusterSession session, MonitorPlan options, Collection<String> topics,
                                   Collection<String> groups, double diskCeiling, double nicCeiling,
                                   java.util.Map<String, java.util.function.LongSupplier> processes,
                                   ResultDocument document, PrintWriter warnings) {
        if (options.disabled()) {
            return new Monitoring(List.of(), options, document, warnings);
        }
        List<Sampler> samplers = options.remote().addTo(MonitorSources.builder()
                        .localBrokers(session::localBrokers)
                        .localProcesses(processes)
                        .client()
                        .host())
                .kafkaProtocol(session.driver().admin(), topics, groups)
                .replicaLogSizes(!session.driver().unsupported().contains(Capability.REPLICA_LOG_SIZES))
                .driverSamplers(session.driver().brokerSamplers())
                .ceilings(diskCeiling, nicCeiling)
                .links(session.measuredLinks())
                .build();
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
