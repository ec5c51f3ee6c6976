package io.mqprobe.experiment;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.load.RunControl;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Brings the cluster back to a settled state before a step, so a step is not judged on the backlog of the one
 * before it (followers still copying an unthrottled step, brokers still busy with it): waits, bounded, until nothing
 * of the step's topics is under-replicated and followers hold what their leaders hold, and then, when there was such
 * a backlog or the step is the first paced one after unthrottled steps ({@link #await}), until every
 * broker is near idle again in a monitor sample taken after the wait began, and every disk too: no monitored iowait
 * over its bar in the last {@value #IOWAIT_WINDOW_MS} ms, all of them after the wait began. Catching up keeps a broker
 * busy after its followers look level, and a paced step is judged on the brokers' CPU and the hosts' iowait, which
 * must be its own: a first paced step measured right after the unthrottled ramp read a broker at 92 % CPU at 46k
 * msgs/s where the next read 28 % at 43k; one that started while the ramp's deleted segments were still being
 * discarded read the host's iowait at 44 % where the runs beside it read 3-5 %.
 * An unthrottled step without a backlog starts at once: it is judged on its throughput after a warm-up that covers the
 * tail of the step before. Where the topics hold nothing a later step
 * reads ({@link SettleSpec#recreateBacklogs()}), a topic whose followers are behind is deleted and created again instead:
 * a settled start within seconds rather than a copy that outlasts the bound; an unthrottled step then starts as soon as
 * the new topic is in sync, a paced one still waits for idle brokers and quiet disks. Such a topic is recreated too
 * when it outgrew its share of the disk budget on brokers that delete old data too rarely to keep it within its cap
 * ({@link Topics#outgrown}). The wait, the topics recreated and, when the bound was hit, what was still unsettled are
 * recorded with the step.
 */
final class Settling {

    private static final long POLL_MS = 250;
    /**
     * Broker CPU is judged over the samples taken since the wait began, at most this last stretch of them: a sample
     * taken before would hold the step that just ended.
     */
    private static final long CPU_WINDOW_MS = 1000;
    /**
     * Iowait is judged by its peak over this last stretch of samples, and only once the wait has lasted as long: the
     * discards of deleted segments come in bursts, and one quiet second between two of them is not a quiet disk
     * (replayed over the recorded timelines of eight first paced steps that started amid them, a look at the last
     * second let four start in a lull, one over the last two seconds none).
     */
    private static final long IOWAIT_WINDOW_MS = 2000;
    /** Without any sample of a metric this far back, the cluster has no monitor of it (a remote one without JMX). */
    private static final long SOURCE_LOOKBACK_MS = 5000;

    private final ClusterAdmin admin;
    private final LongFunction<List<ResourceUsage>> recentResources;
    private final RunControl control;
    private final Consumer<String> recreate;
    private final Function<Collection<String>, List<String>> outgrown;

    /**
     * @param recentResources the monitors' usage over the last given milliseconds
     * @param recreate        deletes the named topic and creates it again as it was
     */
    Settling(ClusterAdmin admin, LongFunction<List<ResourceUsage>> recentResources, RunControl control, Consumer<String> recreate) {
        this(admin, recentResources, control, recreate, topics -> List.of());
    }

    /** @param outgrown of the named topics, those that outgrew their share of the disk budget ({@link Topics#outgrown}) */
    Settling(ClusterAdmin admin, LongFunction<List<ResourceUsage>> recentResources, RunControl control, Consumer<String> recreate,
             Function<Collection<String>, List<String>> outgrown) {
        this.admin = admin;
        this.recentResources = recentResources;
        this.control = control;
        this.recreate = recreate;
        this.outgrown = outgrown;
    }

    /**
     * What was unsettled at one look; {@link #settled()} when nothing.
     *
     * @param backlogged the topics with a partition under-replicated or followers behind
     */
    record Look(int underReplicated, long followerLagBytes, List<String> busy, boolean cpuRead, boolean iowaitRead, List<String> backlogged) {
        boolean settled() {
            return backlogFree() && busy.isEmpty() && cpuRead && iowaitRead;
        }

        boolean backlogFree() {
            return underReplicated == 0 && followerLagBytes <= SettleSpec.FOLLOWER_LAG_TOLERANCE_BYTES;
        }

        String describe() {
            List<String> parts = new ArrayList<>();
            if (underReplicated > 0) {
                parts.add("under-replicated partitions " + underReplicated);
            }
            if (followerLagBytes > SettleSpec.FOLLOWER_LAG_TOLERANCE_BYTES) {
                parts.add("followers " + ByteSize.format(followerLagBytes) + " behind");
            }
            parts.addAll(busy);
            if (!cpuRead) {
                parts.add("no broker CPU sample yet");
            }
            if (!iowaitRead) {
                parts.add("iowait read over less than " + HumanUnits.durationMs((double) IOWAIT_WINDOW_MS));
            }
            return String.join(", ", parts);
        }
    }

    /**
     * Waits until the step may start. Without a backlog (under-replication, followers behind), only a paced step whose
     * verdict reads the brokers' CPU waits for idle brokers and quiet disks, and only unless the step before it was paced
     * too: the ramp's saturating steps leave them busy for seconds, where after a paced step the wait only waited for a
     * monitor sample taken after it began, 0.8-1.8 s before each of 36 paced steps of a default probe here (28 s in all),
     * and the step's own warm-up covers the second its load ends in. After a backlog every paced step waits for them,
     * its topic created again or not: the deleted topic's segments are discarded for seconds (every paced step after
     * such a step in replicated-leader read the host's iowait at 23-39 % on average where the steps beside it read 6-14 %,
     * four of the nine probes of series 18:13-19:13), and followers catching up keep brokers busy.
     *
     * @param paced          whether the step is paced
     * @param afterPacedStep whether the scenario's step just before it was a paced load step
     */
    StepResult.Settle await(SettleSpec spec, Collection<String> topics, boolean paced, boolean afterPacedStep) {
        boolean judgedOnResources = paced && !afterPacedStep;
        long startNs = System.nanoTime();
        long deadlineNs = startNs + spec.maxWait().toNanos();
        List<String> recreated = new ArrayList<>(spec.recreateBacklogs() ? outgrown.apply(topics) : List.of());
        recreated.forEach(recreate);
        Look first = look(spec, topics, startNs);
        boolean backlog = !first.backlogFree();
        if (!backlog && !judgedOnResources) {
            return new StepResult.Settle((System.nanoTime() - startNs) / 1_000_000, true, null, 0, null, recreated);
        }
        if (spec.recreateBacklogs()) {
            first.backlogged().stream().filter(topic -> !recreated.contains(topic)).forEach(topic -> {
                recreate.accept(topic);
                recreated.add(topic);
            });
        }
        // followers catching up keep brokers busy after they look level; a backlog deleted with its topic does not, and
        // an unthrottled step's warm-up covers the second the deletion takes (waiting for a CPU sample and idle brokers
        // cost 3.1-4.3 s before each of replicated-leader's ramp steps in three default probes, 2026-12-03)
        boolean idleWanted = paced || recreated.isEmpty();
        Look last = recreated.isEmpty() ? first : look(spec, topics, startNs);
        while (!ready(last, idleWanted) && System.nanoTime() < deadlineNs && !control.cancelled()) {
            if (control.sleep(POLL_MS)) {
                break;
            }
            last = look(spec, topics, startNs);
        }
        long waitedMs = (System.nanoTime() - startNs) / 1_000_000;
        boolean ready = ready(last, idleWanted);
        String unsettled = ready ? null : "still unsettled after " + HumanUnits.durationMs((double) spec.maxWait().toMillis()) + ": " + last.describe();
        return new StepResult.Settle(waitedMs, ready, unsettled, last.underReplicated(), first.describe(), recreated);
    }

    private static boolean ready(Look look, boolean idleWanted) {
        return idleWanted ? look.settled() : look.backlogFree();
    }

    /** @param startNs when the wait began, on {@link System#nanoTime()}: the clock the wait it reports is read on */
    Look look(SettleSpec spec, Collection<String> topics, long startNs) {
        int underReplicated = 0;
        Set<String> backlogged = new LinkedHashSet<>();
        for (String topic : topics) {
            long count = admin.describeTopic(topic).stream().filter(PartitionInfo::underReplicated).count();
            underReplicated += (int) count;
            if (count > 0) {
                backlogged.add(topic);
            }
        }
        Map<String, Long> lagByTopic = topics.isEmpty() ? Map.of() : followerLagBytes(admin.replicaLogSizes(topics));
        long lag = lagByTopic.values().stream().mapToLong(Long::longValue).sum();
        lagByTopic.forEach((topic, bytes) -> {
            if (bytes > SettleSpec.FOLLOWER_LAG_TOLERANCE_BYTES) {
                backlogged.add(topic);
            }
        });
        // one clock with the wait the step reports: on the wall clock the two seconds of iowait could be read while
        // the wait reported 1,999 ms (the suite, 2026-12-07 08:20)
        long waitedMs = Math.max(1, (System.nanoTime() - startNs) / 1_000_000);
        List<ResourceUsage> cpu = brokerCpu(recentResources.apply(Math.min(CPU_WINDOW_MS, waitedMs)));
        List<ResourceUsage> iowait = iowait(recentResources.apply(Math.min(IOWAIT_WINDOW_MS, waitedMs)));
        // which monitors exist is read once, and only while a CPU sample or the iowait window is still missing
        List<ResourceUsage> lookback = cpu.isEmpty() || waitedMs < IOWAIT_WINDOW_MS
                ? recentResources.apply(SOURCE_LOOKBACK_MS) : List.of();
        boolean cpuRead = !cpu.isEmpty() || brokerCpu(lookback).isEmpty();
        boolean iowaitRead = waitedMs >= IOWAIT_WINDOW_MS || iowait(lookback).isEmpty();
        List<String> busy = new ArrayList<>();
        // a broker whose CPU quota is unknown cannot be called busy
        cpu.stream().filter(u -> u.meanPct().orElse(0) > spec.brokerCpuPct())
                .forEach(u -> busy.add(u.source() + " CPU " + HumanUnits.pct(u.meanPct().getAsDouble())));
        iowait.stream().filter(u -> u.peak() > spec.iowaitPct())
                .forEach(u -> busy.add(u.source() + " iowait " + HumanUnits.pct(u.peak())));
        return new Look(underReplicated, lag, List.copyOf(busy), cpuRead, iowaitRead, List.copyOf(backlogged));
    }

    private static List<ResourceUsage> brokerCpu(List<ResourceUsage> usage) {
        return usage.stream().filter(u -> Sources.isBroker(u.source()) && Metric.CPU_CORES.equals(u.metric()) && u.hasCapacity())
                .toList();
    }

    private static List<ResourceUsage> iowait(List<ResourceUsage> usage) {
        return usage.stream().filter(u -> Metric.CPU_IOWAIT_PCT.equals(u.metric())).toList();
    }

    /** Per topic, the bytes the followers of each of its partitions miss against the partition's largest copy, summed. */
    static Map<String, Long> followerLagBytes(List<ReplicaLogSize> sizes) {
        Map<String, Map<Integer, long[]>> minMax = new LinkedHashMap<>();
        for (ReplicaLogSize s : sizes) {
            long[] mm = minMax.computeIfAbsent(s.topic(), t -> new HashMap<>())
                    .computeIfAbsent(s.partition(), p -> new long[]{Long.MAX_VALUE, 0});
            mm[0] = Math.min(mm[0], s.sizeBytes());
            mm[1] = Math.max(mm[1], s.sizeBytes());
        }
        Map<String, Long> byTopic = new LinkedHashMap<>();
        minMax.forEach((topic, partitions) -> byTopic.put(topic, partitions.values().stream().mapToLong(mm -> mm[1] - mm[0]).sum()));
        return byTopic;
    }
}
