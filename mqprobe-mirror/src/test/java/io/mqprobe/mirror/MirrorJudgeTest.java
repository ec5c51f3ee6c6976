package io.mqprobe.mirror;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.result.StepResult;
import io.mqprobe.api.stats.LatencySummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class MirrorJudgeTest {

    private static final double MIB = 1024.0 * 1024.0;

    private static StepResult step(long lost, long duplicates) {
        LatencySummary e2e = new LatencySummary(1_000, 2_000, 5_000, 8_000, 9_000, 1_500, 10_000);
        StepResult.Consumed consumed = new StepResult.Consumed(10_000, 10 * MIB, lost, duplicates, 0, true, 0, null, 0, 0);
        List<ResourceUsage> resources = List.of(
                new ResourceUsage(MirrorJudge.MIRROR_SOURCE, Metric.CPU_CORES, 0.5, 0.7, 2),
                ResourceUsage.withoutCapacity("broker-1", Metric.REPLICATION_BYTES_IN_BPS, 4 * MIB, 5 * MIB),
                ResourceUsage.withoutCapacity("broker-2", Metric.REPLICATION_BYTES_IN_BPS, 6 * MIB, 7 * MIB),
                ResourceUsage.withoutCapacity("broker-1", Metric.LEADER_WRITE_BPS, 10 * MIB, 11 * MIB));
        return new StepResult(0, 1, null, "2026-11-22T22:00:00Z", 1_000, 10_000, 10_000, 10_240_000, 1_000, 11 * MIB,
                Map.of(), e2e, e2e, e2e, e2e, consumed, resources);
    }

    @Test
    void should_report_arrival_mirror_cpu_per_mib_and_the_clusters_own_replication_beside_it() {
        MirrorVerdict v = MirrorJudge.of(step(0, 0), false);

        assertThat(v.passed()).isTrue();
        assertThat(v.arrivalBytesPerSecond()).isEqualTo(10 * MIB);
        assertThat(v.mirrorCpuSecondsPerMiB().orElseThrow()).isCloseTo(0.05, within(1e-9));
        assertThat(v.replicationBytesPerSecond()).hasValue(10 * MIB);
        assertThat(v.leaderWriteBytesPerSecond()).hasValue(10 * MIB);
        assertThat(v.mirrorLatencyUs().p99()).isEqualTo(5_000);
        assertThat(v.notes()).contains(MirrorVerdict.AT_LEAST_ONCE);
    }

    @Test
    void should_fail_on_a_lost_record_but_only_count_duplicates_of_at_least_once_delivery() {
        assertThat(MirrorJudge.of(step(1, 0), false).passed()).isFalse();
        MirrorVerdict duplicated = MirrorJudge.of(step(0, 7), false);
        assertThat(duplicated.passed()).isTrue();
        assertThat(duplicated.duplicateRecords()).isEqualTo(7);
    }
}
