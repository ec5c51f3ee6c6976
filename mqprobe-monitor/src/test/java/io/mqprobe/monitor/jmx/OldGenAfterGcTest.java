package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class OldGenAfterGcTest {

    @Test
    void should_pick_the_pool_where_objects_that_survive_end_up() {
        assertThat(List.of("G1 Old Gen", "PS Old Gen", "Tenured Gen", "CMS Old Gen", "ZGC Old Generation", "ZHeap", "Shenandoah"))
                .allSatisfy(pool -> assertThat(OldGenAfterGc.holdsOldObjects(pool)).as(pool).isTrue());
        assertThat(List.of("G1 Eden Space", "G1 Survivor Space", "PS Eden Space", "PS Survivor Space", "Eden Space",
                "Survivor Space", "ZGC Young Generation", "Metaspace", "Compressed Class Space", "CodeHeap 'non-nmethods'"))
                .allSatisfy(pool -> assertThat(OldGenAfterGc.holdsOldObjects(pool)).as(pool).isFalse());
        assertThat(OldGenAfterGc.holdsOldObjects(null)).isFalse();
    }

    @Test
    void should_have_no_reading_before_the_pools_first_collection() {
        // as a never-collected G1 Old Gen answers: its initial and maximum sizes, nothing used or committed
        assertThat(OldGenAfterGc.afterCollection(new MemoryUsage(254_803_968, 0, 0, 268_435_456))).isEmpty();
        assertThat(OldGenAfterGc.afterCollection(null)).isEmpty();

        assertThat(OldGenAfterGc.afterCollection(new MemoryUsage(254_803_968, 1_272_648, 10_485_760, 268_435_456)))
                .contains(new OldGenAfterGc(1_272_648, 268_435_456));
    }

    @Test
    void should_report_the_bytes_left_against_the_pools_maximum_or_none() {
        List<ResourceSample> out = new ArrayList<>();
        new OldGenAfterGc(1_000, 8_000).addTo(out, 5_000, "broker-1");
        new OldGenAfterGc(2_000, -1).addTo(out, 5_000, "client");

        assertThat(out).containsExactly(
                new ResourceSample(5_000, "broker-1", Metric.OLD_GEN_AFTER_GC_BYTES, 1_000, 8_000),
                ResourceSample.of(5_000, "client", Metric.OLD_GEN_AFTER_GC_BYTES, 2_000));
    }

    @Test
    void should_read_the_same_pool_from_the_platform_beans_and_over_jmx_after_a_collection() throws Exception {
        System.gc();
        OldGenAfterGc local;
        OldGenAfterGc remote;
        OldGenAfterGc localAgain;
        do {   // another collection may fall between two readings: read until none did
            local = OldGenAfterGc.platform().orElseThrow();
            remote = OldGenAfterGc.read(ManagementFactory.getPlatformMBeanServer()).orElseThrow();
            localAgain = OldGenAfterGc.platform().orElseThrow();
        } while (!local.equals(localAgain));

        assertThat(remote).isEqualTo(local);
        assertThat(local.usedBytes()).isPositive().isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
    }
}
