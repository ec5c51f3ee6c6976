package io.mqprobe.ceilings.disk;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Runs a long disk probe in a child JVM so a test can stop it mid-run and look for leftovers. */
public final class DiskProbeChild {

    private DiskProbeChild() {
    }

    public static void main(String[] args) {
        DiskProbeSpec spec = new DiskProbeSpec(Path.of(args[0]), List.of(1), List.of(65536), FlushMode.PAGE_CACHE,
                Duration.ofSeconds(30), false, 32L << 20);
        DiskProbe.run(spec, DiskProbeListener.NONE);
    }
}
