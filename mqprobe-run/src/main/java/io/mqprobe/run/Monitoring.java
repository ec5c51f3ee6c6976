package io.mqprobe.run;

import io.mqprobe.api.Capability;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.monitor.MonitorRunner;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.monitor.ResourceAggregator;
import io.mqprobe.monitor.profile.ProfileStore;
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
    private final CpuProfiles profiles;

    private Monitoring(List<Sampler> samplers, MonitorPlan options, CpuProfiles profiles, ResultDocument document,
                       PrintWriter warnings) {
        this.profiles = profiles;
        this.runner = samplers.isEmpty() ? null : MonitorRunner.start(samplers, options.interval(), sample -> {
            aggregator.accept(sample);
            document.addSample(sample);
        }, warnings);
    }

    /**
     * Starts sampling the session's brokers, this process, the host, further local processes by source name (a
     * mirror's JVM) and the given topics and groups; disk and NIC rates are reported against the ceilings. With
     * {@code profile}, the brokers reached over JMX and this process are profiled as well.
     */
    static Monitoring start(ClusterSession session, MonitorPlan options, Collection<String> topics,
                            Collection<String> groups, ResultDocument.Ceilings ceilings, Map<String, LongSupplier> processes,
                            boolean profile, ResultDocument document, PrintWriter warnings) {
        if (options.disabled()) {
            return new Monitoring(List.of(), options, CpuProfiles.NONE, document, warnings);
        }
        ProfileStore store = profile ? new ProfileStore() : null;
        MonitorSources.Builder sources = options.remote().addTo(MonitorSources.builder()
                        .localBrokers(session::localBrokers)
                        .localProcesses(processes)
                        .client()
                        .host())
                .kafkaProtocol(session.driver().admin(), topics, groups)
                .replicaLogSizes(!session.driver().unsupported().contains(Capability.REPLICA_LOG_SIZES))
                .driverSamplers(session.driver().brokerSamplers())
                .ceilings(ceilings.disk(), ceilings.nic())
                .links(session.measuredLinks())
                .profiles(store);
        List<Sampler> samplers = sources.build();
        sources.blindSpots().forEach(line -> {
            warnings.println(line);
            warnings.flush();
        });
        return new Monitoring(samplers, options, store == null ? CpuProfiles.NONE : store, document, warnings);
    }

    /** Where the profiled processes' threads ran and waited, by time window; {@link CpuProfiles#NONE} when not profiled. */
    public CpuProfiles profiles() {
        return profiles;
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
