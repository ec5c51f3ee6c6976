package io.mqprobe.chaos;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.ProducerLoadSpec;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What a chaos run does, concluded from the options before anything starts: steady end-to-end load on
 * a fresh topic while the faults fire on one timeline (offsets from the start of the load).
 *
 * @param topic          the fresh topic, with the driver's durability settings and the disk budget in its configs
 * @param producers      stamped producers that keep their acknowledged sequences (the loss check needs them)
 * @param consumers      consumers of the topic; they outlive the producers by the drain time
 * @param faults         the fault plan, sorted by start
 * @param warmupMs       leading time excluded from the figures (faults may still fire in it)
 * @param drainTimeoutMs after sending ends, how long to wait for acknowledgements and consumers
 */
public record ChaosPlan(TopicSpec topic, ProducerLoadSpec producers, ConsumerLoadSpec consumers, List<FaultSpec> faults,
                        long warmupMs, long drainTimeoutMs) {

    public ChaosPlan {
        Objects.requireNonNull(topic, "topic");
        if (!producers.trackAcks()) {
            throw new IllegalArgumentException("a chaos run checks loss against acknowledgements: producers must track them");
        }
        if (faults.isEmpty()) {
            throw new UsageException("chaos needs at least one --fault (e.g. --fault kill:leader@10s) or a --scenario-file");
        }
        long runMs = producers.duration().toMillis();
        for (FaultSpec f : faults) {
            if (f.startMs() >= runMs) {
                throw new UsageException("fault " + f.kind() + ":" + f.target() + " starts at " + f.startMs()
                        + " ms, after the load ends (" + runMs + " ms); give a longer --duration");
            }
        }
        faults = faults.stream().sorted(Comparator.comparingLong(FaultSpec::startMs)).toList();
    }
}
