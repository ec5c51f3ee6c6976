package io.mqprobe.ceilings.disk;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/** Opens the probe's files; tests substitute one that fails, to check the clean-up. */
@FunctionalInterface
interface FileOpener {

    FileOpener DEFAULT = FileChannel::open;

    FileChannel open(Path file, Set<? extends OpenOption> options) throws IOException;
}
