package io.mqprobe.monitor;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.HostPort;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.monitor.jmx.ClientJvmSampler;
import io.mqprobe.monitor.jmx.JmxConnection;
import io.mqprobe.monitor.jmx.KafkaJmxSampler;
import io.mqprobe.monitor.kafka.GroupLagSampler;
import io.mqprobe.monitor.kafka.LogGrowthSampler;
import io.mqprobe.monitor.proc.HostSpeedSampler;
import io.mqprobe.monitor.proc.HostSampler;
import io.mqprobe.monitor.proc.NamespaceNicSampler;
import io.mqprobe.monitor.proc.ProcessSampler;
import io.mqprobe.monitor.profile.LocalProfile;
import io.mqprobe.monitor.profile.ProfileStore;
import io.mqprobe.monitor.prometheus.BrokerOwnCpu;
import io.mqprobe.monitor.prometheus.PrometheusEndpoint;
import io.mqprobe.monitor.prometheus.PrometheusSampler;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * Builds the list of samplers for a run from the sources the caller wants, all optional and
 * combined: local broker processes, mqprobe itself, the host, remote JMX, the Kafka protocol and
 * Prometheus endpoints. Addresses are checked here, so bad input fails before any load starts.
 */
public final class MonitorSources {

    private MonitorSources() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the wanted sources; {@link #build()} makes the samplers. */
    public static final class Builder {

        private Supplier<? extends List<LocalBrokerProcess>> localBrokers = List::of;
        private boolean client;
        private boolean host;
        private final List<HostPort> jmx = new ArrayList<>();
        private ClusterAdmin admin;
        private boolean replicaLogSizes = true;
        private final List<Sampler> driverSamplers = new ArrayList<>();
        private Collection<String> topics = List.of();
        private Collection<String> groups = List.of();
        private final Map<URI, Integer> prometheus = new LinkedHashMap<>();
        private final Map<String, LinkRate> links = new LinkedHashMap<>();
        private OptionalDouble diskWriteCeilingBps = OptionalDouble.empty();
        private OptionalDouble nicCeilingBps = OptionalDouble.empty();
        private Duration sourceTimeout = Duration.ofSeconds(2);
        private ProfileStore profiles;

        private Builder() {
        }

        /**
         * Profile every broker reached over JMX and this process into {@code store} (flight-recorder samples: where their
         * threads ran and waited).
         */
        public Builder profiles(ProfileStore store) {
            this.profiles = store;
            return this;
        }

        /** /proc and JMX samplers for each embedded broker (source {@code broker-<id>}); pids as of now. */
        private Map<String, java.util.function.LongSupplier> localProcesses = Map.of();

        public Builder localBrokers(List<LocalBrokerProcess> brokers) {
            List<LocalBrokerProcess> copy = List.copyOf(brokers);
            return localBrokers(() -> copy);
        }

        /**
         * Like {@link #localBrokers(List)}, but asks the supplier for the current pid and JMX port on
         * every round, so brokers restarted during a fault test are followed. The broker ids are the
         * ones the supplier lists when {@link #build()} runs.
         */
        public Builder localBrokers(Supplier<? extends List<LocalBrokerProcess>> brokers) {
            this.localBrokers = Objects.requireNonNull(brokers, "brokers");
            return this;
        }

        /**
         * Further local processes by source name (e.g. {@code mirror-maker}): CPU, RSS and disk I/O from /proc,
         * the pid asked for on every round.
         */
        public Builder localProcesses(Map<String, java.util.function.LongSupplier> pidsBySource) {
            this.localProcesses = Map.copyOf(pidsBySource);
            return this;
        }

        /** mqprobe's own process: CPU, RSS, disk I/O and GC (source {@code client}). */
        public Builder client() {
            this.client = true;
            return this;
        }

        /** The machine mqprobe runs on: CPU and iowait, disks, NICs, page cache (source {@code host}). */
        public Builder host() {
            this.host = true;
            return this;
        }

        /**
         * Remote brokers' JMX ports; each broker's id is read from its beans, else taken from the
         * list order (first = 1).
         */
        public Builder jmx(List<HostPort> addresses) {
            jmx.addAll(addresses);
            return this;
        }

        /**
         * Kafka-protocol samplers: per-broker leader and follower write rates from log-dir growth,
         * under-replicated partitions, and the lag of the given consumer groups.
         *
         * @param topics topics to watch, read on every round so a thread-safe collection may grow as
         *               the run creates topics; empty = all
         * @param groups consumer groups whose lag to report, read on every round like {@code topics}
         */
        public Builder kafkaProtocol(ClusterAdmin admin, Collection<String> topics, Collection<String> groups) {
            this.admin = Objects.requireNonNull(admin, "admin");
            this.topics = Objects.requireNonNull(topics, "topics");
            this.groups = Objects.requireNonNull(groups, "groups");
            return this;
        }

        /**
         * Whether the cluster reports per-replica log sizes (Kafka does, RocketMQ has one commit log per
         * broker): without them the protocol source leaves out the log-growth write rates. Default true.
         */
        public Builder replicaLogSizes(boolean reported) {
            this.replicaLogSizes = reported;
            return this;
        }

        /** Samplers only the driver can make (RocketMQ's broker runtime statistics), added as they are. */
        public Builder driverSamplers(List<Sampler> samplers) {
            driverSamplers.addAll(samplers);
            return this;
        }

        /**
         * Prometheus text endpoints (node_exporter, JMX exporter, a kubelet's cAdvisor). Each is attributed to the broker
         * whose advertised host matches the endpoint's host when the Kafka protocol source is set,
         * else to brokers numbered by the order their hosts first appear (first = 1), unless the endpoint names its broker.
         */
        public Builder prometheus(List<PrometheusEndpoint> endpoints) {
            endpoints.forEach(endpoint -> prometheus.put(endpoint.uri(), endpoint.brokerId()));
            return this;
        }

        /** Physical limits reported as capacity of disk write and NIC rates; {@code null} when unknown. */
        public Builder ceilings(Ceiling diskWrite, Ceiling nic) {
            this.diskWriteCeilingBps = diskWrite == null ? OptionalDouble.empty() : OptionalDouble.of(diskWrite.bytesPerSecond());
            this.nicCeilingBps = nic == null ? OptionalDouble.empty() : OptionalDouble.of(nic.bytesPerSecond());
            return this;
        }

        /** Brokers' links as the link probe measured them: the capacity of their own NICs. */
        public Builder links(List<LinkRate> measured) {
            measured.forEach(link -> links.put(link.name(), link));
            return this;
        }

        /** Longest wait for one remote answer (JMX connect, HTTP scrape); default 2 s. */
        public Builder sourceTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new UsageException("monitor source timeout must be positive");
            }
            this.sourceTimeout = timeout;
            return this;
        }

        /** The samplers, ready for {@link MonitorRunner#start}; nothing is contacted yet except broker metadata. */
        public List<Sampler> build() {
            List<Sampler> samplers = new ArrayList<>();
            if (client) {
                samplers.add(ProcessSampler.self(diskWriteCeilingBps));
                samplers.add(new ClientJvmSampler());
                if (profiles != null) {
                    samplers.add(LocalProfile.start(profiles));
                }
            }
            List<LocalBrokerProcess> brokers = List.copyOf(localBrokers.get());
            localProcesses.forEach((source, pid) -> samplers.add(new ProcessSampler(source, pid, diskWriteCeilingBps)));
            if (host) {
                // an embedded cluster talks over loopback only, so lo is its NIC
                samplers.add(new HostSampler(diskWriteCeilingBps, nicCeilingBps, !brokers.isEmpty()));
                samplers.add(new HostSpeedSampler());
            }
            for (LocalBrokerProcess broker : brokers) {
                int id = broker.brokerId();
                samplers.add(new ProcessSampler(Sources.broker(id), () -> current(id).pid(), diskWriteCeilingBps));
                if (broker.host() != null && !broker.host().startsWith("127.")) {
                    // a broker in a network namespace of its own (--broker-net) has a NIC of its own
                    samplers.add(new NamespaceNicSampler(Sources.broker(id), () -> current(id).pid(), links.get(Sources.broker(id))));
                }
                JmxConnection connection = new JmxConnection(broker.host(), () -> current(id).jmxPort(), sourceTimeout);
                samplers.add(new KafkaJmxSampler(connection, id, false, false, profiles));
            }
            for (int i = 0; i < jmx.size(); i++) {
                HostPort address = jmx.get(i);
                JmxConnection connection = new JmxConnection(address.host(), address::port, sourceTimeout);
                // the JVM's own CPU, judged against the limit it reports; a node_exporter's CPU is then its node's
                samplers.add(new KafkaJmxSampler(connection, i + 1, true, true, profiles));
            }
            if (admin != null) {
                if (replicaLogSizes) {
                    samplers.add(new LogGrowthSampler(admin, topics));
                }
                samplers.add(new GroupLagSampler(admin, groups));
            }
            samplers.addAll(driverSamplers);
            Map<URI, Integer> ids = resolvePrometheusIds();
            // a broker's endpoints (a kubelet's cAdvisor and node_exporter, both 2=URL) each see only their own scrape:
            // they share whether any served the broker's container, whose CPU then is the broker's and the node's is not;
            // with --jmx the broker's JVM reports its own CPU from the start
            Map<Integer, BrokerOwnCpu> ownCpuOfBroker = new HashMap<>();
            for (Map.Entry<URI, Integer> e : ids.entrySet()) {
                long endpointsOfBroker = ids.values().stream().filter(e.getValue()::equals).count();
                samplers.add(new PrometheusSampler(e.getKey(), Sources.broker(e.getValue()), sourceTimeout,
                        diskWriteCeilingBps, nicCeilingBps, endpointsOfBroker == 1 && jmx.isEmpty(),
                        ownCpuOfBroker.computeIfAbsent(e.getValue(), id -> jmx.isEmpty() ? new BrokerOwnCpu() : BrokerOwnCpu.fromJmx())));
            }
            return samplers;
        }

        /**
         * One line per resource the monitors of a cluster mqprobe did not start will not see, and the flag that would
         * show it; none for an embedded cluster (every broker is a local process) or when the cluster does not answer.
         */
        public List<String> blindSpots() {
            if (!localBrokers.get().isEmpty() || admin == null) {
                return List.of();
            }
            List<BrokerInfo> brokers;
            try {
                brokers = admin.describeBrokers();
            } catch (RuntimeException e) {
                return List.of();
            }
            boolean thisHost = host && brokers.stream().allMatch(b -> HostPort.loopback(b.host()));
            return BlindSpots.of(brokers, jmx.size(), java.util.Set.copyOf(resolvePrometheusIds().values()), thisHost);
        }

        private LocalBrokerProcess current(int brokerId) {
            for (LocalBrokerProcess broker : localBrokers.get()) {
                if (broker.brokerId() == brokerId) {
                    return broker;
                }
            }
            return new LocalBrokerProcess(brokerId, -1, -1, null);
        }

        private Map<URI, Integer> resolvePrometheusIds() {
            Map<URI, Integer> ids = new LinkedHashMap<>();
            List<BrokerInfo> known = brokersOrEmpty();
            List<String> hostsInOrder = new ArrayList<>();
            prometheus.forEach((uri, explicit) -> {
                String h = uri.getHost().toLowerCase(Locale.ROOT);
                if (!hostsInOrder.contains(h)) {
                    hostsInOrder.add(h);
                }
                Integer id = explicit != null ? explicit : matchBroker(known, h);
                ids.put(uri, id != null ? id : hostsInOrder.indexOf(h) + 1);
            });
            return ids;
        }

        private List<BrokerInfo> brokersOrEmpty() {
            if (admin == null || prometheus.isEmpty()) {
                return List.of();
            }
            try {
                return admin.describeBrokers();
            } catch (RuntimeException e) {
                // no metadata: fall back to list order, the samplers will report the cluster as unreachable
                return List.of();
            }
        }

        private static Integer matchBroker(List<BrokerInfo> brokers, String host) {
            for (BrokerInfo b : brokers) {
                if (b.host().equalsIgnoreCase(host)) {
                    return b.id();
                }
            }
            for (BrokerInfo b : brokers) {
                if (sameAddress(b.host(), host)) {
                    return b.id();
                }
            }
            return null;
        }

        private static boolean sameAddress(String a, String b) {
            try {
                return InetAddress.getByName(a).equals(InetAddress.getByName(b));
            } catch (UnknownHostException e) {
                return false;
            }
        }
    }
}
