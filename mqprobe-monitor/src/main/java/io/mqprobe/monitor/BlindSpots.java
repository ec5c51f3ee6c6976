package io.mqprobe.monitor;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.monitor.Sources;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the monitors of a cluster mqprobe did not start cannot see, said before the load starts: a verdict is only as
 * good as the resources behind it, and a broker whose disk nobody watches can never be named as disk-bound. Each line
 * names the brokers, the resources and the flag that would show them.
 */
final class BlindSpots {

    private BlindSpots() {
    }

    /**
     * @param brokers         the cluster's brokers as it describes itself
     * @param jmxBrokers      how many brokers have a JMX address (the first ones by id, as {@code --jmx} numbers them)
     * @param nodeExporterIds brokers with a Prometheus endpoint of their own (a node_exporter or cAdvisor on their host)
     * @param thisHost        whether every broker runs on this machine (loopback): its host sampler sees their disk and NIC
     */
    static List<String> of(List<BrokerInfo> brokers, int jmxBrokers, Set<Integer> nodeExporterIds, boolean thisHost) {
        if (brokers.isEmpty()) {
            return List.of();
        }
        Set<Integer> ids = brokers.stream().map(BrokerInfo::id).collect(Collectors.toCollection(TreeSet::new));
        List<Integer> ordered = List.copyOf(ids);
        Set<Integer> withJmx = new TreeSet<>(ordered.subList(0, Math.min(jmxBrokers, ordered.size())));
        Set<Integer> noCpu = new TreeSet<>(ids);
        noCpu.removeAll(withJmx);
        noCpu.removeAll(nodeExporterIds);
        Set<Integer> noHost = new TreeSet<>(ids);
        noHost.removeAll(nodeExporterIds);
        List<String> lines = new ArrayList<>();
        if (!noCpu.isEmpty()) {
            lines.add("monitor: CPU not seen for " + names(noCpu) + ": pass --jmx HOST:PORT for each broker (its JVM's CPU"
                    + " against its own limit, GC, request threads) or --prometheus ID=URL of its node_exporter or cAdvisor");
        }
        if (!noHost.isEmpty() && !thisHost) {
            lines.add("monitor: disk and NIC not seen for " + names(noHost) + " (nor CPU steal or pressure of their hosts):"
                    + " pass --prometheus ID=http://HOST:9100/metrics of each broker host's node_exporter");
        }
        return lines;
    }

    private static String names(Set<Integer> ids) {
        return ids.stream().map(Sources::broker).collect(Collectors.joining(", "));
    }
}
