package io.mqprobe.ceilings.disk;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class DiskGridTest {

    private static DiskProbeSpec spec(List<Integer> threads, List<Integer> blocks) {
        return new DiskProbeSpec(Path.of("."), threads, blocks, FlushMode.PAGE_CACHE, Duration.ofSeconds(1), false, 1L << 30);
    }

    @Test
    void should_expand_grid_to_every_thread_and_block_combination_row_by_row() {
        List<DiskGridPoint> points = DiskGrid.expand(spec(List.of(1, 2, 4, 8), List.of(4096, 16384, 65536, 1 << 20)));

        assertThat(points).hasSize(16);
        assertThat(points.subList(0, 4)).extracting(DiskGridPoint::threads).containsOnly(1);
        assertThat(points.subList(0, 4)).extracting(DiskGridPoint::blockSizeBytes).containsExactly(4096, 16384, 65536, 1 << 20);
        assertThat(points.get(15)).isEqualTo(new DiskGridPoint(8, 1 << 20));
        assertThat(points).doesNotHaveDuplicates();
    }

    @Test
    void should_count_repeated_values_once() {
        assertThat(DiskGrid.expand(spec(List.of(2, 1, 2), List.of(65536, 65536))))
                .containsExactly(new DiskGridPoint(2, 65536), new DiskGridPoint(1, 65536));
    }

    @Test
    void should_refuse_values_outside_their_ranges() {
        assertThatThrownBy(() -> spec(List.of(0), List.of(4096))).isInstanceOf(UsageException.class).hasMessageContaining("--threads");
        assertThatThrownBy(() -> spec(List.of(1), List.of(100))).isInstanceOf(UsageException.class).hasMessageContaining("--block");
        assertThatThrownBy(() -> spec(List.of(), List.of(4096))).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> new DiskProbeSpec(Path.of("."), List.of(8), List.of(1 << 20), FlushMode.DIRECT,
                Duration.ofSeconds(1), false, 4L << 20)).isInstanceOf(UsageException.class).hasMessageContaining("--max-bytes");
        assertThatThrownBy(() -> new DiskProbeSpec(Path.of("."), List.of(1), List.of(4096), FlushMode.DIRECT,
                Duration.ofMillis(10), false, 1L << 30)).isInstanceOf(UsageException.class).hasMessageContaining("--duration");
    }

    @Test
    void should_give_each_writer_whole_blocks_of_its_share() {
        DiskProbeSpec spec = new DiskProbeSpec(Path.of("."), List.of(3), List.of(65536), FlushMode.PAGE_CACHE,
                Duration.ofSeconds(1), false, 10L << 20);

        long perFile = spec.bytesPerFile(3, 65536);

        assertThat(perFile % 65536).isZero();
        assertThat(perFile * 3).isLessThanOrEqualTo(10L << 20);
        assertThat(perFile + 65536).isGreaterThan((10L << 20) / 3);
    }
}
