package io.mqprobe.search;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * Names what limited a scenario from the resources measured at the knee (else the ceiling) and the steps after
 * it. At each step the checks run in the order practitioners reason: first whether the load generator itself
 * was saturated (the most common lie in benchmarks), then physical resources — a broker's CPU, the host's CPU
 * shared by brokers and client, disk, NIC, the most loaded of them winning — then broker threads, then
 * followers falling behind, then mqprobe's own send delay; with nothing saturated, latency or errors, then a limit
 * nobody reports ({@link CapInference}), then what the ramp's end allows saying ({@link RampEnd}).
 */
final class BottleneckFinder {

    static final double PROCESS_SATURATED_PCT = Thresholds.PROCESS_SATURATED_PCT;
    static final double HOST_SATURATED_PCT = Thresholds.HOST_SATURATED_PCT;
    /**
     * Request-handler or network-processor idle at or below this means the broker's threads are all busy; so do request
     * handlers on CPU for all but this share of their time.
     */
    static final double THREADS_SATURATED_IDLE_PCT = 10;
    /** mqprobe's send delay p99 at or above this, and {@link #SEND_DELAY_GROWTH}× its first step, means it falls behind. */
    static final double SEND_DELAY_FLOOR_US = 10_000;
    static final double SEND_DELAY_GROWTH = 5;
    /** Followers fall behind when their share of leader bytes drops below this fraction of the first step's. */
    static final double REPLICATION_SHARE_DROP = 0.8;

    /**
     * Resources this many points below their saturation, beside one that reached it, are tied with it: a mean over a
     * few seconds of CPU under a quota moves by that much from one run to the next.
     */
    static final double TIE_MARGIN_PCT = Thresholds.TIE_MARGIN_PCT;
    /**
     * A process under a CPU quota below its saturation joins a tie only when its quota ran out in at least this share of
     * its CFS periods: its mean says it was busy, the throttling says whether the quota held it back. Over nine default
     * probes here (the series F, G, H in bench/README.md) every process that shared a limit at the ceiling was throttled
     * in 44-86 % of its periods; replicated-leader's load generator, at 74-83 % of its quota, in 18-28 %, and the tie
     * margin named it beside the brokers in seven runs and not in two, from where its mean fell around the margin's edge.
     */
    static final double TIED_THROTTLED_SHARE = Thresholds.QUOTA_BOUND_THROTTLED_SHARE;
    private static final String NOTHING_SATURATED = " before any measured resource saturated";

    private record Finding(String resource, String source, String summary, List<String> evidence, double severity,
                           List<Bottleneck.Party> parties) {

        Finding(String resource, String source, String summary, List<String> evidence, double severity) {
            this(resource, source, summary, evidence, severity, List.of());
        }
    }

    /** The verdict, and the caps it inferred when it named one (for the sustainable load's explanation). */
    record Judged(Bottleneck bottleneck, List<CapInference.InferredCap> inferred) {
    }

    private BottleneckFinder() {
    }

    /**
     * Looks at {@code steps[position]} first and then at each later step, and names the first saturation found,
     * because the limiting resource often shows fully only one step past the knee; with none, blames latency or
     * errors of the last step, or nothing.
     *
     * @param position  where in {@code steps} to start (the knee, or the ceiling when there is no knee)
     * @param point     what that step is ("the knee (step 3)", "the ceiling (steps 2, 3, 5)"), for the summary
     * @param end       how the ramp ended: a confirmed knee, growth at the last step, or neither; and its flat steps
     */
    static Judged judge(List<StepMeasurement> steps, int position, String point, Thresholds t, RampEnd end) {
        for (int p = position; p < steps.size(); p++) {
            StepMeasurement at = steps.get(p);
            String where = p == position ? "at " + point : "at step " + at.index() + ", past " + point;
            Optional<Finding> saturated = saturation(steps, p, where, t);
            if (saturated.isPresent()) {
                return new Judged(bottleneck(saturated.get(), at, t), List.of());
            }
        }
        StepMeasurement at = steps.get(position);
        Optional<Finding> outcome = outcome(steps.get(steps.size() - 1), t);
        if (outcome.isPresent()) {
            return new Judged(bottleneck(outcome.get(), at, t), List.of());
        }
        List<CapInference.InferredCap> caps = CapInference.find(end.flat(), t);
        Finding finding = caps.isEmpty() ? nothingSaturated(at, "at " + point, end) : inferred(caps);
        return new Judged(bottleneck(finding, at, t), caps);
    }

    /** A cap nobody reports, named as inferred; several are co-limited, each inferred. */
    private static Finding inferred(List<CapInference.InferredCap> caps) {
        List<String> evidence = new ArrayList<>();
        caps.forEach(cap -> evidence.add(cap.line()));
        caps.forEach(cap -> evidence.add(cap.peaks()));
        if (caps.size() == 1) {
            CapInference.InferredCap cap = caps.get(0);
            return new Finding(cap.resource(), cap.source(), cap.line(), evidence, 0);
        }
        String sources = String.join("+", caps.stream().map(CapInference.InferredCap::source).toList());
        return new Finding(Bottleneck.CO_LIMITED, sources, "co-limited by inferred caps: "
                + String.join("; ", caps.stream().map(CapInference.InferredCap::line).toList()), evidence, 0,
                caps.stream().map(cap -> new Bottleneck.Party(cap.resource(), cap.source())).toList());
    }

    private static Optional<Finding> saturation(List<StepMeasurement> steps, int position, String where, Thresholds t) {
        StepMeasurement at = steps.get(position);
        StepMeasurement first = steps.get(0);
        return saturatedResources(at, where, t)
                .or(() -> brokerThreads(at, where))
                .or(() -> replication(at, first, where))
                .or(() -> sendDelay(at, position == 0 ? null : first, where));
    }

    /**
     * The load generator's CPU and the physical resources (a broker's CPU, disk, NIC; the shared host's CPU when no
     * process is saturated). One saturated resource is named alone; when others stand at their saturation beside it,
     * or a CPU or iowait within {@link #TIE_MARGIN_PCT} points of it, the readings cannot separate them and the
     * verdict is {@link Bottleneck#CO_LIMITED}, naming each.
     */
    private static Optional<Finding> saturatedResources(StepMeasurement at, String where, Thresholds t) {
        List<Finding> near = new ArrayList<>();
        clientCpu(at, where, TIE_MARGIN_PCT).ifPresent(near::add);
        near.addAll(physical(at, where, t, TIE_MARGIN_PCT));
        if (near.stream().noneMatch(f -> f.severity() >= 1)) {
            return Optional.empty();
        }
        List<Finding> tied = oneDisk(distinct(near));
        if (tied.size() == 1) {
            return Optional.of(tied.get(0));
        }
        return Optional.of(coLimited(tied, where));
    }

    /** One finding per resource and source (iowait and disk bytes of one broker are one disk), the most severe kept. */
    private static List<Finding> distinct(List<Finding> findings) {
        java.util.Map<String, Finding> byKey = new java.util.LinkedHashMap<>();
        findings.stream().sorted(Comparator.comparingDouble(Finding::severity).reversed())
                .forEach(f -> byKey.putIfAbsent(f.resource() + " " + f.source(), f));
        return List.copyOf(byKey.values());
    }

    /**
     * The host's iowait or disk beside a process's disk at its limit is that disk seen from the host, not a second limit:
     * named on the process alone (a broker under a write throttle of 3 MB/s read "co-limited broker-1+host" with the
     * host's iowait at 56 %).
     */
    private static List<Finding> oneDisk(List<Finding> findings) {
        List<Finding> withoutHostDisk = findings.stream()
                .filter(f -> !(Bottleneck.DISK.equals(f.resource()) && Sources.HOST.equals(f.source()))).toList();
        boolean processDisk = withoutHostDisk.stream().anyMatch(f -> Bottleneck.DISK.equals(f.resource()));
        return processDisk ? withoutHostDisk : findings;
    }

    private static Finding coLimited(List<Finding> tied, String where) {
        boolean client = tied.stream().anyMatch(f -> Bottleneck.CLIENT.equals(f.resource()));
        List<String> named = tied.stream().map(f -> f.evidence().get(0)).toList();
        String source = tied.stream().map(Finding::source).sorted(Comparator.comparing((String s) -> Sources.isLoadGenerator(s) ? 1 : 0)
                .thenComparing(Comparator.naturalOrder())).distinct().reduce((a, b) -> a + "+" + b).orElse(null);
        List<String> tellApart = new ArrayList<>();
        if (client) {
            tellApart.add("more load-generator cores (--client-cores) or a second load generator");
        }
        if (tied.stream().anyMatch(f -> Sources.isBroker(f.source()))) {
            tellApart.add("a bigger broker (--broker-spec)");
        }
        if (tied.stream().filter(f -> Sources.isBroker(f.source())).count() > 1) {
            tellApart.add("more brokers or partitions spread over them");
        }
        String summary = "co-limited " + where + ": " + String.join(" and ", named) + " all at saturation within the readings'"
                + " noise; to tell them apart, run again with " + String.join(", or ", tellApart)
                + (client ? " (figures are lower bounds: the load generator was among the limits)" : "");
        return new Finding(Bottleneck.CO_LIMITED, source, summary, named, tied.get(0).severity(),
                tied.stream().map(f -> new Bottleneck.Party(f.resource(), f.source())).toList());
    }

    private static Bottleneck bottleneck(Finding finding, StepMeasurement at, Thresholds t) {
        return new Bottleneck(finding.resource(), finding.source(), finding.summary(), Evidence.lines(finding.evidence(), at, t),
                finding.parties());
    }

    /** The load generator at saturation, or within {@code marginPct} points below it. */
    private static Optional<Finding> clientCpu(StepMeasurement at, String where, double marginPct) {
        // the busiest load generator: mqprobe itself, or one of its load workers
        return at.usages(Metric.CPU_CORES).stream().filter(cpu -> Sources.isLoadGenerator(cpu.source()))
                .filter(cpu -> cpu.meanAtLeastPct(PROCESS_SATURATED_PCT - cpuMargin(at, cpu, marginPct)))
                .max(Comparator.comparingDouble(cpu -> cpu.meanPct().getAsDouble()))
                .map(cpu -> new Finding(Bottleneck.CLIENT, cpu.source(),
                        "the load generator is the limit, not the cluster: " + loadGeneratorName(cpu.source()) + " CPU "
                                + HumanUnits.cores(cpu) + " ("
                                + HumanUnits.pct(cpu.meanPct().getAsDouble()) + ") " + where
                                + "; the cluster can take more, so add load generators (figures are lower bounds)",
                        List.of(Evidence.cpu(cpu)), cpuSeverity(at, cpu)));
    }

    /**
     * How far a process's CPU reached its saturation (1 = reached): its mean over the bar, or the bar itself when its
     * quota ran out in at least {@link #TIED_THROTTLED_SHARE} of its periods and its mean lies within
     * {@link #TIE_MARGIN_PCT} points of the bar. A quota that runs out that often holds the process back, whatever the
     * mean of its bursts: replicated-all's three brokers at 83-85 % of their quotas, throttled in 42-46 % of their
     * periods, read "no bottleneck reached" in a probe whose other runs named them co-limited at 86-94 %. Only for a
     * process whose quota is known.
     */
    private static double cpuSeverity(StepMeasurement at, ResourceUsage cpu) {
        double pct = cpu.meanPct().getAsDouble();
        double severity = pct / PROCESS_SATURATED_PCT;
        Double throttled = at.usage(cpu.source(), Metric.CPU_THROTTLED_SHARE).map(ResourceUsage::mean)
                .filter(Double::isFinite).orElse(null);
        return Thresholds.processAtLimit(pct, throttled) ? Math.max(1, severity) : severity;
    }

    /**
     * The tie margin for a process's CPU: {@code marginPct}, unless its quota's throttling counters show the quota
     * seldom ran out ({@link #TIED_THROTTLED_SHARE}); then none, and only a process at its saturation is named.
     */
    private static double cpuMargin(StepMeasurement at, ResourceUsage cpu, double marginPct) {
        boolean quotaSeldomBound = at.usage(cpu.source(), Metric.CPU_THROTTLED_SHARE)
                .filter(share -> Double.isFinite(share.mean()) && share.mean() < TIED_THROTTLED_SHARE).isPresent();
        return quotaSeldomBound ? 0 : marginPct;
    }

    /** "mqprobe" for its own process, "load worker local-1" for a worker's. */
    private static String loadGeneratorName(String source) {
        return Sources.workerName(source).map(name -> "load worker " + name).orElse("mqprobe");
    }

    /**
     * Physical resources at their saturation, a CPU or iowait also within {@code marginPct} points below it; most severe
     * first.
     */
    private static List<Finding> physical(StepMeasurement at, String where, Thresholds t, double marginPct) {
        List<Finding> found = new ArrayList<>();
        for (ResourceUsage cpu : at.usages(Metric.CPU_CORES)) {
            if (!Sources.isMachine(cpu.source()) && !Sources.isLoadGenerator(cpu.source())
                    && cpu.meanAtLeastPct(PROCESS_SATURATED_PCT - cpuMargin(at, cpu, marginPct))) {
                found.add(new Finding(Bottleneck.CPU, cpu.source(), Evidence.cpu(cpu) + " " + where, List.of(Evidence.cpu(cpu)),
                        cpuSeverity(at, cpu)));
            }
        }
        if (found.isEmpty()) {
            at.usage(Sources.HOST, Metric.CPU_CORES).ifPresent(host -> addIfOver(found, Bottleneck.SHARED_CPU, host, host.meanPct(),
                    HOST_SATURATED_PCT, 0, Evidence.cpu(host), " " + where + " with no single process saturated: brokers and"
                            + " mqprobe share this host's cores and used them all, so figures are lower bounds of the cluster alone"));
            at.usages(Metric.CPU_CORES).stream().filter(cpu -> cpu.source().startsWith(Sources.NODE_PREFIX))
                    .forEach(node -> addIfOver(found, Bottleneck.SHARED_CPU, node, node.meanPct(), HOST_SATURATED_PCT, 0,
                            Evidence.cpu(node) + Evidence.steal(at, node.source()), " " + where + " with the broker's own CPU"
                                    + " below saturation: its node's cores ran out (other pods or processes on it took them)"));
        }
        // bytes join a tie only at their own threshold, which already sits below the measured ceiling: a count of bytes
        // does not wander like a CPU mean under a quota, and the loopback NIC at 73 % of its ceiling beside brokers at
        // their quotas (replicated-leader, series of 2026-11-30 21:01) carried what those brokers' CPU allowed, no limit
        for (ResourceUsage disk : at.usages(Metric.DISK_WRITE_BPS)) {
            addIfOver(found, Bottleneck.DISK, disk, disk.meanPct(), t.diskPct(), 0, Evidence.ceilingShare("disk", disk), " " + where);
        }
        for (ResourceUsage disk : at.usages(Metric.DISK_READ_BPS)) {
            addIfOver(found, Bottleneck.DISK, disk, disk.meanPct(), t.diskPct(), 0, Evidence.ceilingShare("disk reads", disk), " " + where);
        }
        for (ResourceUsage iowait : at.usages(Metric.CPU_IOWAIT_PCT)) {
            addIfOver(found, Bottleneck.DISK, iowait, OptionalDouble.of(iowait.mean()), t.iowaitPct(), marginPct, Evidence.iowait(iowait),
                    " " + where + ": the disk cannot keep up");
        }
        for (ResourceUsage nic : concat(at.usages(Metric.NET_RX_BPS), at.usages(Metric.NET_TX_BPS))) {
            addIfOver(found, Bottleneck.NIC, nic, nic.meanPct(), t.nicPct(), 0, Evidence.ceilingShare("NIC", nic), " " + where);
        }
        found.sort(Comparator.comparingDouble(Finding::severity).reversed());
        return found;
    }

    /**
     * Records a finding when {@code pct} reached {@code limitPct} less {@code marginPct}; severity is the share of the
     * limit reached (at least 1 when saturated). A share not known (no capacity) reached nothing.
     */
    private static void addIfOver(List<Finding> found, String resource, ResourceUsage usage, OptionalDouble pct, double limitPct,
                                  double marginPct, String line, String summaryTail) {
        if (pct.isPresent() && pct.getAsDouble() >= limitPct - marginPct) {
            found.add(new Finding(resource, usage.source(), line + summaryTail, List.of(line), pct.getAsDouble() / limitPct));
        }
    }

    private static Optional<Finding> brokerThreads(StepMeasurement at, String where) {
        return Evidence.leastIdle(at, Metric.REQUEST_HANDLER_IDLE_PCT).filter(idle -> idle.mean() <= THREADS_SATURATED_IDLE_PCT)
                .map(idle -> threads(idle.source(), Evidence.threadsIdle("request handlers", idle), "num.io.threads", where))
                .or(() -> Evidence.busiest(at, Metric.REQUEST_HANDLER_CPU_PCT)
                        .filter(onCpu -> onCpu.mean() >= 100 - THREADS_SATURATED_IDLE_PCT)
                        .map(onCpu -> threads(onCpu.source(), Evidence.handlersOnCpu(onCpu), "num.io.threads", where)))
                .or(() -> Evidence.leastIdle(at, Metric.NETWORK_PROCESSOR_IDLE_PCT).filter(idle -> idle.mean() <= THREADS_SATURATED_IDLE_PCT)
                        .map(idle -> threads(idle.source(), Evidence.threadsIdle("network processors", idle), "num.network.threads", where)));
    }

    private static Finding threads(String source, String line, String setting, String where) {
        return new Finding(Bottleneck.BROKER_THREADS, source, line + " " + where
                + " with CPU, disk and NIC below saturation: the broker's threads are all busy (try more " + setting + ")",
                List.of(line), 0);
    }

    private static Optional<Finding> replication(StepMeasurement at, StepMeasurement first, String where) {
        List<String> lines = new ArrayList<>();
        Optional<ResourceUsage> urp = Evidence.busiest(at, Metric.UNDER_REPLICATED).filter(u -> u.mean() > 0);
        urp.ifPresent(u -> lines.add(Evidence.underReplicated(u)));
        Evidence.busiest(at, Metric.ISR_SHRINKS_PER_S).filter(u -> u.mean() > 0).ifPresent(u -> lines.add(Evidence.isrShrinks(u)));
        followerShareDrop(at, first, Metric.LEADER_WRITE_BPS, Metric.FOLLOWER_WRITE_BPS, "follower log writes").ifPresent(lines::add);
        followerShareDrop(at, first, Metric.BYTES_IN_BPS, Metric.REPLICATION_BYTES_IN_BPS, "replication bytes in").ifPresent(lines::add);
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        // the broker leading most under-replicated partitions is where the followers cannot keep up: the process named
        String source = at.usages(Metric.UNDER_REPLICATED).stream().filter(u -> Sources.isBroker(u.source()) && u.mean() > 0)
                .max(Comparator.comparingDouble(ResourceUsage::mean)).map(ResourceUsage::source)
                .orElse(urp.map(ResourceUsage::source).orElse(Sources.CLUSTER));
        return Optional.of(new Finding(Bottleneck.REPLICATION, source,
                "followers fall behind the leaders " + where + ": " + lines.get(0)
                        + " (try more num.replica.fetchers or a larger replica.fetch.max.bytes)", lines, 0));
    }

    /** Followers keeping up copy a steady multiple of leader bytes; that multiple shrinking while leaders grow means they lag. */
    private static Optional<String> followerShareDrop(StepMeasurement at, StepMeasurement first, String leaderMetric,
                                                      String followerMetric, String what) {
        double leaderNow = sum(at, leaderMetric);
        double followerNow = sum(at, followerMetric);
        double leaderFirst = sum(first, leaderMetric);
        double followerFirst = sum(first, followerMetric);
        if (at == first || !(leaderNow > 0) || !(leaderFirst > 0) || !(followerFirst > 0)) {
            return Optional.empty();
        }
        double shareNow = followerNow / leaderNow;
        double shareFirst = followerFirst / leaderFirst;
        if (shareNow >= REPLICATION_SHARE_DROP * shareFirst) {
            return Optional.empty();
        }
        return Optional.of(what + " " + HumanUnits.rate(followerNow) + " for " + HumanUnits.rate(leaderNow) + " from leaders ("
                + HumanUnits.number(shareNow) + "×, was " + HumanUnits.number(shareFirst) + "× at step " + first.index() + ")");
    }

    private static Optional<Finding> sendDelay(StepMeasurement at, StepMeasurement baseline, String where) {
        Optional<ResourceUsage> delay = Evidence.busiest(at, Metric.SEND_DELAY_P99_US);
        Optional<Double> before = Optional.ofNullable(baseline)
                .flatMap(b -> Evidence.busiest(b, Metric.SEND_DELAY_P99_US)).map(ResourceUsage::mean);
        return delay.filter(d -> d.mean() >= SEND_DELAY_FLOOR_US && (before.isEmpty() || d.mean() >= SEND_DELAY_GROWTH * before.get()))
                .map(d -> {
                    String line = "send delay p99 " + HumanUnits.latencyUs(d.mean())
                            + before.map(was -> ", was " + HumanUnits.latencyUs(was) + " at step " + baseline.index()).orElse("");
                    return new Finding(Bottleneck.CLIENT, Sources.CLIENT, "the load generator is the limit, not the cluster: mqprobe falls"
                            + " behind its send schedule (" + line + ") " + where + "; add load generators (figures are lower bounds)",
                            List.of(line), 0);
                });
    }

    private static Optional<Finding> outcome(StepMeasurement last, Thresholds t) {
        if (last.errorRatio() > t.maxErrorRatio()) {
            String line = HumanUnits.pct(100 * last.errorRatio()) + " of sends failed at step " + last.index();
            return Optional.of(new Finding(Bottleneck.ERRORS, null, line + NOTHING_SATURATED, List.of(line), 0));
        }
        if (last.p99Us() > t.sloP99Us()) {
            String line = "p99 " + HumanUnits.latencyUs(last.p99Us()) + " over the " + HumanUnits.latencyUs(t.sloP99Us())
                    + " SLO at step " + last.index();
            return Optional.of(new Finding(Bottleneck.LATENCY, null, line + NOTHING_SATURATED, List.of(line), 0));
        }
        return Optional.empty();
    }

    private static Finding nothingSaturated(StepMeasurement at, String where, RampEnd end) {
        String highest = Stream.of(Metric.CPU_CORES, Metric.DISK_WRITE_BPS, Metric.NET_RX_BPS, Metric.NET_TX_BPS)
                .flatMap(m -> at.usages(m).stream()).filter(ResourceUsage::hasCapacity)
                .max(Comparator.comparingDouble(u -> u.meanPct().getAsDouble()))
                .map(u -> "; highest: " + u.source() + " " + label(u.metric()) + " " + HumanUnits.pct(u.meanPct().getAsDouble())).orElse("");
        if (!end.kneeConfirmed()) {
            return new Finding(Bottleneck.NONE, null, "no bottleneck reached: " + growth(end, highest), List.of(), 0);
        }
        // a plateau with every resource below saturation is the order in which each partition's log is appended:
        // named on the broker doing the most of that work (the leader of the loaded partitions)
        Optional<ResourceUsage> leader = at.usages(Metric.CPU_CORES).stream().filter(u -> Sources.isBroker(u.source()))
                .max(Comparator.comparingDouble(ResourceUsage::mean));
        if (leader.isPresent()) {
            String line = "no measured resource saturated" + highest;
            return new Finding(Bottleneck.PARTITION, leader.get().source(), "throughput stops growing " + where + " with "
                    + line + ": the limit is appending in order to each partition's log on " + leader.get().source()
                    + " (one partition is one log); add partitions, or check client and broker settings", List.of(line), 0);
        }
        return new Finding(Bottleneck.NONE, null, "no measured resource saturated " + where + highest
                + "; likely a per-partition limit (one partition is one log appended in order) or a client or broker setting",
                List.of(), 0);
    }

    /**
     * What the ramp's end allows saying without a knee: never "still growing" over steps the ceiling pools as one level,
     * nor after a last step that did not grow.
     */
    private static String growth(RampEnd end, String highest) {
        if (end.undecidedPlateau()) {
            return "throughput stopped growing measurably over " + Evidence.steps(end.flat()) + " (the readings cannot tell"
                    + " them apart), the knee undecided: their intervals are too wide to place it" + highest
                    + " (longer steps narrow the intervals)";
        }
        if (!end.lastStepGrew()) {
            return "throughput did not grow at the last step, too few steps after the last gain to confirm a knee" + highest
                    + " (allow more steps)";
        }
        return "throughput was still growing at the last step" + highest + " (allow more steps)";
    }

    private static String label(String metric) {
        return switch (metric) {
            case Metric.CPU_CORES -> "CPU";
            case Metric.DISK_WRITE_BPS -> "disk";
            default -> "NIC";
        };
    }

    private static double sum(StepMeasurement step, String metric) {
        return step.usages(metric).stream().mapToDouble(ResourceUsage::mean).sum();
    }

    private static List<ResourceUsage> concat(List<ResourceUsage> a, List<ResourceUsage> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
