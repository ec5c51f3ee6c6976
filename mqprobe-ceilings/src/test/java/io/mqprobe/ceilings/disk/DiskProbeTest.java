package io.mqprobe.ceilings.disk;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** Real writes into a temporary directory; figures are checked for shape, never for speed. */
@Timeout(60)
class DiskProbeTest {

    private static final Duration SHORT = Duration.ofMillis(200);

    @TempDir
    Path dir;

    @Test
    void should_measure_every_cell_pick_the_best_and_leave_no_files() {
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(1, 2), List.of(4096, 65536), FlushMode.PAGE_CACHE, SHORT, false, 64L << 20);
        List<DiskCell> finished = new ArrayList<>();

        DiskProbeResult result = DiskProbe.run(spec, new DiskProbeListener() {
            @Override
            public void onCellFinished(int index, int cellCount, DiskCell cell) {
                finished.add(cell);
            }
        });

        assertThat(result.cells()).hasSize(4).isEqualTo(finished);
        assertThat(result.cells()).extracting(DiskCell::threads).containsExactly(1, 1, 2, 2);
        assertThat(result.cells()).allSatisfy(cell -> {
            assertThat(cell.bytesWritten()).isPositive();
            assertThat(cell.bytesWritten() % cell.blockSizeBytes()).isZero();
            assertThat(cell.writeBytesPerSecond()).isCloseTo(cell.bytesWritten() * 1e9 / cell.writeElapsedNs(),
                    org.assertj.core.data.Percentage.withPercentage(0.001));
            assertThat(cell.coldReadBytesPerSecond()).isNull();
        });
        double max = result.cells().stream().mapToDouble(DiskCell::writeBytesPerSecond).max().orElseThrow();
        assertThat(result.best().writeBytesPerSecond()).isEqualTo(max);
        assertThat(result.ceilingBytesPerSecond()).isEqualTo(max);
        assertThat(result.coldReadMethod()).isNull();
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void should_read_back_cold_and_from_page_cache_when_asked() {
        assumeThat(DiskProbe.directIoSupported(dir)).as("O_DIRECT on the temp dir").isTrue();
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(2), List.of(65536), FlushMode.DIRECT, SHORT, true, 64L << 20);
        List<DiskPhase> phases = new ArrayList<>();

        DiskProbeResult result = DiskProbe.run(spec, new DiskProbeListener() {
            @Override
            public void onPhaseStarted(int index, int cellCount, DiskGridPoint point, DiskPhase phase) {
                phases.add(phase);
            }
        });

        DiskCell cell = result.cells().get(0);
        assertThat(phases).containsExactly(DiskPhase.WRITE, DiskPhase.COLD_READ, DiskPhase.CACHED_READ);
        assertThat(cell.coldReadBytesPerSecond()).isPositive();
        assertThat(cell.cachedReadBytesPerSecond()).isPositive();
        assertThat(result.coldReadMethod()).contains("O_DIRECT");
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void should_never_hold_more_than_max_bytes_on_disk() {
        long maxBytes = 1L << 20;
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(2), List.of(65536), FlushMode.PAGE_CACHE,
                Duration.ofMillis(500), true, maxBytes);
        AtomicLong bytesOnDiskDuringRead = new AtomicLong(-1);

        DiskProbeResult result = DiskProbe.run(spec, new DiskProbeListener() {
            @Override
            public void onPhaseStarted(int index, int cellCount, DiskGridPoint point, DiskPhase phase) {
                if (phase == DiskPhase.CACHED_READ) {
                    bytesOnDiskDuringRead.set(totalFileBytes(dir));
                }
            }
        });

        assertThat(result.cells().get(0).bytesWritten()).as("wrote past the cap, so files wrapped").isGreaterThan(maxBytes);
        assertThat(bytesOnDiskDuringRead.get()).isPositive().isLessThanOrEqualTo(maxBytes);
        assertThat(result.notes()).anyMatch(note -> note.contains("wrapped"));
    }

    @Test
    void should_refuse_before_writing_when_free_space_is_short() throws IOException {
        long usable = Files.getFileStore(dir).getUsableSpace();
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(1), List.of(65536), FlushMode.PAGE_CACHE, SHORT, false, usable);

        assertThatThrownBy(() -> DiskProbe.run(spec, DiskProbeListener.NONE))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("refusing to write")
                .hasMessageContaining("--max-bytes");
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void should_refuse_a_directory_that_does_not_exist() {
        DiskProbeSpec spec = new DiskProbeSpec(dir.resolve("missing"), List.of(1), List.of(65536), FlushMode.PAGE_CACHE, SHORT, false, 1L << 20);

        assertThatThrownBy(() -> DiskProbe.run(spec, DiskProbeListener.NONE))
                .isInstanceOf(UsageException.class).hasMessageContaining("not a directory");
    }

    @Test
    void should_delete_files_when_a_write_fails_mid_cell() {
        ScheduledExecutorService closer = Executors.newSingleThreadScheduledExecutor();
        List<Path> opened = new ArrayList<>();
        // a real file whose channel is closed under the writer: the next write fails like a dying disk would
        FileOpener failingOpener = (file, options) -> {
            FileChannel channel = FileChannel.open(file, options);
            opened.add(file);
            closer.schedule(() -> {
                channel.close();
                return null;
            }, 150, TimeUnit.MILLISECONDS);
            return channel;
        };
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(2), List.of(65536), FlushMode.PAGE_CACHE,
                Duration.ofSeconds(20), false, 64L << 20);
        try {
            assertThatThrownBy(() -> DiskProbe.run(spec, DiskProbeListener.NONE, failingOpener))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("writing")
                    .hasMessageContaining("writer-");
        } finally {
            closer.shutdownNow();
        }
        assertThat(opened).hasSize(2);
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void should_refuse_direct_mode_with_unaligned_blocks_and_clean_up() {
        assumeThat(DiskProbe.directIoSupported(dir)).isTrue();
        DiskProbeSpec spec = new DiskProbeSpec(dir, List.of(1), List.of(1000), FlushMode.DIRECT, SHORT, false, 1L << 20);

        assertThatThrownBy(() -> DiskProbe.run(spec, DiskProbeListener.NONE))
                .isInstanceOf(UsageException.class).hasMessageContaining("multiples of");
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void should_refuse_direct_mode_where_the_file_system_cannot_do_it() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeThat(Files.isWritable(shm) && !DiskProbe.directIoSupported(shm)).as("a tmpfs without O_DIRECT").isTrue();
        Path tmpfsDir = Files.createTempDirectory(shm, "mqprobe-test-");
        try {
            DiskProbeSpec spec = new DiskProbeSpec(tmpfsDir, List.of(1), List.of(65536), FlushMode.DIRECT, SHORT, false, 1L << 20);

            assertThatThrownBy(() -> DiskProbe.run(spec, DiskProbeListener.NONE))
                    .isInstanceOf(UsageException.class).hasMessageContaining("O_DIRECT");
            assertThat(entries(tmpfsDir)).isEmpty();
        } finally {
            Files.deleteIfExists(tmpfsDir);
        }
    }

    @Test
    void should_delete_files_when_the_jvm_is_stopped_mid_run() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                DiskProbeChild.class.getName(), dir.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolveSibling(dir.getFileName() + "-child.log").toFile())
                .start();
        try {
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (totalFileBytes(dir) == 0 && System.nanoTime() < giveUp && child.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(totalFileBytes(dir)).as("the child started writing").isPositive();

            child.destroy(); // SIGTERM runs shutdown hooks, as Ctrl-C does

            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(entries(dir)).isEmpty();
        } finally {
            child.destroyForcibly();
            Files.deleteIfExists(dir.resolveSibling(dir.getFileName() + "-child.log"));
        }
    }

    static List<Path> entries(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long totalFileBytes(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            return 0;
        }
    }
}
