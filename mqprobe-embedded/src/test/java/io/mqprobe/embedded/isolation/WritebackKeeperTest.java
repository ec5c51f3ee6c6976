package io.mqprobe.embedded.isolation;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class WritebackKeeperTest {

    private static final long MIB = 1L << 20;

    @Test
    void should_call_a_group_over_when_its_dirty_pages_pass_the_share_of_what_its_limit_leaves_beside_its_processes() {
        // limit 2,100, processes 900: 1,200 left for the page cache, 10 % of it is 120
        String stat = "cache 1000\nrss 900\nrss_huge 0\ndirty 121\nwriteback 0\nhierarchical_memory_limit 2100\n";

        assertThat(WritebackKeeper.overBackground(stat, 0.10)).isTrue();
        assertThat(WritebackKeeper.overBackground(stat.replace("dirty 121", "dirty 119"), 0.10)).isFalse();
        assertThat(WritebackKeeper.overBackground(stat, 0.20)).as("a machine that allows 20 %").isFalse();
        assertThat(WritebackKeeper.overBackground(stat.replace("2100", "9223372036854771712"), 0.10))
                .as("a group without a limit is the machine's to write back").isFalse();
    }

    @Test
    void should_take_the_machines_background_ratio_and_the_kernels_default_when_it_sets_bytes_instead() {
        assertThat(WritebackKeeper.backgroundShare("10\n")).isEqualTo(0.10);
        assertThat(WritebackKeeper.backgroundShare("25")).isEqualTo(0.25);
        assertThat(WritebackKeeper.backgroundShare("0")).isEqualTo(0.10);
        assertThat(WritebackKeeper.backgroundShare("")).isEqualTo(0.10);
    }

    /**
     * As root on cgroup v1: a writer of 400 MiB at about 100 MB/s in a group of 384 MiB piles up dirty pages until the
     * group is full when nothing keeps it (the control: this is what the keeper is for), and stays near the group's
     * background threshold (38 MiB) when the keeper watches.
     */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void should_keep_a_writers_dirty_pages_near_its_groups_background_threshold(@TempDir Path dir) throws Exception {
        Optional<Cgroups> found = Cgroups.detect();
        Assumptions.assumeTrue(found.isPresent() && found.get() instanceof CgroupV1, "needs root and cgroup v1");
        Cgroups cgroups = found.get();
        String group = Isolation.ownerTag(ProcessHandle.current().pid()) + "-writeback-test";
        cgroups.create(group);
        try {
            cgroups.limitMemory(group, 384 * MIB);
            long unkept = peakDirtyWhileWriting(cgroups, group, dir.resolve("unkept"));
            long kept;
            try (WritebackKeeper keeper = WritebackKeeper.open(cgroups, List.of(group), dir).orElseThrow()) {
                kept = peakDirtyWhileWriting(cgroups, group, dir.resolve("kept"));
                assertThat(keeper.writebacks()).as("writebacks").isPositive();
            }
            System.out.printf("peak dirty in a 384 MiB group: %d MiB unkept, %d MiB kept%n", unkept / MIB, kept / MIB);
            assertThat(unkept).as("dirty pages with nothing keeping them").isGreaterThan(200 * MIB);
            assertThat(kept).as("dirty pages kept").isLessThan(140 * MIB);
        } finally {
            cgroups.remove(group);
        }
    }

    /** Writes 400 MiB in 1 MiB appends, paced, from a shell in {@code group}, reading the group's dirty pages every 20 ms. */
    private static long peakDirtyWhileWriting(Cgroups cgroups, String group, Path file) throws Exception {
        List<String> cmd = new ArrayList<>(new Placement(cgroups.taskFiles(group, true), null).prefix());
        // paced (a 10 ms sleep after each MiB: at most about 100 MB/s): unpaced, on a quiet machine the loop wrote fast
        // enough to add 140 MiB of dirty pages between two of the keeper's reads (CI, 2026-12-06 05:35: 170 MiB kept)
        cmd.addAll(List.of("/bin/sh", "-c", "i=0; while [ $i -lt 400 ]; do head -c 1048576 /dev/zero >> '" + file
                + "'; sleep 0.01; i=$((i+1)); done"));
        Path stat = ((CgroupV1) cgroups).mounts().get("memory").resolve(group).resolve("memory.stat");
        Process writer = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long peak = 0;
        try {
            while (!writer.waitFor(20, TimeUnit.MILLISECONDS)) {
                peak = Math.max(peak, dirty(Cgroups.read(stat)));
            }
        } finally {
            writer.destroyForcibly();
        }
        new ProcessBuilder("sync", "-f", file.toString()).start().waitFor(30, TimeUnit.SECONDS);   // the next run starts clean
        return peak;
    }

    private static long dirty(String memoryStat) {
        return memoryStat.lines().filter(l -> l.startsWith("dirty ")).mapToLong(l -> Long.parseLong(l.substring(6).trim()))
                .findFirst().orElse(0);
    }
}
