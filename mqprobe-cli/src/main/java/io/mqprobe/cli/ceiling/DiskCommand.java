package io.mqprobe.cli.ceiling;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.ceilings.disk.DiskReport;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.cli.options.SizeConverter;
import io.mqprobe.ceilings.disk.DiskCell;
import io.mqprobe.ceilings.disk.DiskGridPoint;
import io.mqprobe.ceilings.disk.DiskPhase;
import io.mqprobe.ceilings.disk.DiskProbe;
import io.mqprobe.ceilings.disk.DiskProbeListener;
import io.mqprobe.ceilings.disk.DiskProbeResult;
import io.mqprobe.ceilings.disk.DiskProbeSpec;
import io.mqprobe.ceilings.disk.FlushMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code mqprobe disk}: the disk's sequential append ceiling over a grid of writer threads and block sizes. */
@Command(name = "disk", mixinStandardHelpOptions = true,
        description = {"Measure the disk's sequential append ceiling, like a Kafka log segment (compare: fio).",
                "Each writer thread appends N-byte blocks to its own file through a FileChannel with direct buffers;"
                        + " every thread count × block size is one cell. Files go to a fresh subdirectory of --dir and are"
                        + " deleted after each cell, on errors and on Ctrl-C."},
        sortOptions = false)
public final class DiskCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
            description = "Directory on the disk to measure, e.g. a Kafka log.dirs entry (default: current directory).")
    Path dir;

    @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "1,2,4,8",
            description = "Writer thread counts, each thread with its own file (default: ${DEFAULT-VALUE}).")
    List<Integer> threads;

    @Option(names = "--block", paramLabel = "SIZE", split = ",", defaultValue = "4k,16k,64k,1m",
            converter = SizeConverter.class, description = "Bytes per write (default: ${DEFAULT-VALUE}).")
    List<Integer> blocks;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "page-cache", converter = FlushModeConverter.class,
            description = {"page-cache: buffered writes, as Kafka by default (fio --direct=0);",
                    "fsync: buffered writes with fdatasync every 1 MiB per file (fio --fdatasync=1MiB/bs);",
                    "direct: O_DIRECT with aligned buffers, the device itself (fio --direct=1). Default: page-cache."})
    FlushMode mode;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s", converter = DurationConverter.class,
            description = "How long each cell writes (and each read pass reads) (default: ${DEFAULT-VALUE}).")
    Duration durationPerCell;

    @Option(names = "--read",
            description = "Also read the files back sequentially: cold (O_DIRECT reads, page cache bypassed) and from the page cache.")
    boolean readPass;

    @Option(names = "--max-bytes", paramLabel = "SIZE", defaultValue = "4GiB", converter = SizeConverter.Long.class,
            description = "Most bytes on disk at any time, over all files of a cell; files wrap to their start at their"
                    + " share, as fio --time_based does. Refused unless this much plus a reserve is free (default: ${DEFAULT-VALUE}).")
    long maxBytes;

    @Mixin
    JsonCopyOption json;

    @Override
    public Integer call() {
        DiskProbeSpec probeSpec = new DiskProbeSpec(dir, threads, blocks, mode, durationPerCell, readPass, maxBytes);
        if (json.file != null) {
            JsonOutput.checkWritable(json.file);
        }
        PrintWriter err = spec.commandLine().getErr();
        DiskProbeResult result = DiskProbe.run(probeSpec, new Progress(err));
        DiskReport.print(spec.commandLine().getOut(), result);
        if (json.file != null) {
            JsonOutput.write(json.file, JsonOutput.DISK_SCHEMA, result);
        }
        return 0;
    }

    /** One line per pass on stderr. */
    private record Progress(PrintWriter err) implements DiskProbeListener {

        @Override
        public void onStarted(DiskProbeSpec probe, int cellCount) {
            int passes = probe.readPass() ? 3 : 1;
            long millis = probe.durationPerCell().toMillis();
            err.printf(Locale.ROOT, "disk: %d %s × %s%s in %s, mode %s, at most %s on disk, about %s in all%n", cellCount,
                    cellCount == 1 ? "cell" : "cells",
                    DiskReport.seconds(millis), probe.readPass() ? " × 3 passes" : "", probe.dir().toAbsolutePath().normalize(),
                    probe.flushMode().typedName(), ByteSize.format(probe.maxBytesOnDisk()),
                    TimeSpan.formatSeconds(Math.max(1, cellCount * passes * millis / 1000)));
            err.flush();
        }

        @Override
        public void onPhaseStarted(int index, int cellCount, DiskGridPoint point, DiskPhase phase) {
            err.printf(Locale.ROOT, "[%d/%d] %d × %s: %s%n", index + 1, cellCount, point.threads(),
                    ByteSize.format(point.blockSizeBytes()), phase.name().toLowerCase(Locale.ROOT).replace('_', ' '));
            err.flush();
        }

        @Override
        public void onCellFinished(int index, int cellCount, DiskCell cell) {
            err.printf(Locale.ROOT, "[%d/%d] %d × %s: write %s%n", index + 1, cellCount, cell.threads(),
                    ByteSize.format(cell.blockSizeBytes()), ByteSize.formatRate(cell.writeBytesPerSecond()));
            err.flush();
        }
    }
}
