package io.mqprobe.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class OwnedTempFilesTest {

    @Test
    void should_remove_what_a_dead_process_left_and_nothing_of_a_live_one_or_of_anyone_else(@TempDir Path tmp) throws Exception {
        long dead = deadPid();
        long alive = ProcessHandle.current().pid();
        Files.writeString(tmp.resolve("mqprobe-jfr-" + dead + "-812.jfr"), "a recording copy");
        Path fleet = Files.createDirectories(tmp.resolve("mqprobe-workers-" + dead + "-99"));
        Files.writeString(fleet.resolve("token"), "secret");
        Files.writeString(Files.createDirectories(fleet.resolve("logs")).resolve("worker-1.log"), "log");
        Files.writeString(tmp.resolve("mqprobe-jfr-" + alive + "-813.jfr"), "a live run's copy");
        Files.createDirectories(tmp.resolve("mqprobe-workers-" + alive + "-100"));
        Files.writeString(tmp.resolve("mqprobe-jfr-" + dead + ".jfr"), "not named by mqprobe's rule");
        Files.writeString(tmp.resolve("mqprobe-report-" + dead + "-1.html"), "not a kind mqprobe sweeps");
        Files.writeString(tmp.resolve("someone-" + dead + "-1.jfr"), "someone else's");

        assertThat(OwnedTempFiles.removeStale(tmp))
                .containsExactly("mqprobe-jfr-" + dead + "-812.jfr", "mqprobe-workers-" + dead + "-99");

        try (var left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    "mqprobe-jfr-" + alive + "-813.jfr", "mqprobe-workers-" + alive + "-100", "mqprobe-jfr-" + dead + ".jfr",
                    "mqprobe-report-" + dead + "-1.html", "someone-" + dead + "-1.jfr");
        }
    }

    @Test
    void should_name_what_it_makes_after_this_process() throws Exception {
        Path file = OwnedTempFiles.file(OwnedTempFiles.Kind.JFR, ".jfr");
        Path dir = OwnedTempFiles.dir(OwnedTempFiles.Kind.WORKERS);
        try {
            long pid = ProcessHandle.current().pid();
            assertThat(file.getFileName().toString()).startsWith("mqprobe-jfr-" + pid + "-").endsWith(".jfr");
            assertThat(dir.getFileName().toString()).startsWith("mqprobe-workers-" + pid + "-");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** The pid of a process that has ended (reused by another only after the kernel's pid range wraps). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return p.pid();
    }
}
