package io.mqprobe.embedded.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The whole disk under a directory, as {@code major:minor}: throttles apply to disks, not partitions.
 * Read from {@code /proc/self/mountinfo} and {@code /sys/dev/block}, never assumed.
 */
final class BlockDevice {

    private BlockDevice() {
    }

    static Optional<String> holding(Path dir) {
        return holding(dir, Path.of("/proc/self/mountinfo"), Path.of("/sys/dev/block"));
    }

    static Optional<String> holding(Path dir, Path mountInfo, Path sysDevBlock) {
        Path real;
        try {
            real = dir.toRealPath();
            String best = null;
            int bestLength = -1;
            for (String line : Files.readAllLines(mountInfo)) {
                String[] f = line.split(" ");
                Path mountPoint = Path.of(f[4]);
                if (real.startsWith(mountPoint) && f[4].length() > bestLength) {
                    bestLength = f[4].length();
                    best = f[2];
                }
            }
            if (best == null || best.startsWith("0:")) {
                return Optional.empty();   // tmpfs, overlay: no block device to throttle
            }
            Path sys = sysDevBlock.resolve(best);
            if (Files.exists(sys.resolve("partition"))) {
                // a partition's sysfs dir sits inside its disk's; the disk's dev file names it
                Path disk = sys.toRealPath().getParent();
                return Optional.of(Files.readString(disk.resolve("dev")).trim());
            }
            return Optional.of(best);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

}
