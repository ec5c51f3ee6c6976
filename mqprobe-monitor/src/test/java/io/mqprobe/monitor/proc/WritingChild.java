package io.mqprobe.monitor.proc;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Child process for {@link ProcessSamplerTest}: says "ready", waits for a line, writes the given
 * number of bytes to a file with fsync, says "done", and stays alive until stdin closes (bounded).
 */
public final class WritingChild {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long bytes = Long.parseLong(args[1]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        System.out.println("ready");
        System.out.flush();
        if (in.readLine() == null) {
            return;
        }
        ByteBuffer block = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long written = 0; written < bytes; ) {
                block.clear().limit((int) Math.min(block.capacity(), bytes - written));
                written += channel.write(block);
            }
            channel.force(true);
        }
        System.out.println("done");
        System.out.flush();
        in.readLine();
    }
}
