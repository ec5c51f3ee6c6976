package io.mqprobe.embedded;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A stop waits for its child to be gone even when its thread is interrupted, and keeps the interruption. */
class ProcessExitTest {

    private Process child;

    @AfterEach
    void killChild() {
        Thread.interrupted();
        if (child != null) {
            child.destroyForcibly();
        }
    }

    @Test
    void should_wait_through_an_interruption_until_the_child_is_gone_and_keep_the_interruption() throws Exception {
        child = new ProcessBuilder("sleep", "1").start();
        long start = System.nanoTime();

        Thread.currentThread().interrupt();
        boolean gone = ProcessExit.await(child.toHandle(), Duration.ofSeconds(20));

        assertThat(gone).isTrue();
        assertThat(child.isAlive()).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(500));
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void should_say_a_child_that_outlives_the_timeout_is_still_there() throws Exception {
        child = new ProcessBuilder("sleep", "30").start();
        long start = System.nanoTime();

        boolean gone = ProcessExit.await(child.toHandle(), Duration.ofMillis(300));

        assertThat(gone).isFalse();
        assertThat(child.isAlive()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void should_kill_a_child_that_ignores_the_stop_once_its_grace_ran_out() throws Exception {
        // a shell that ignores SIGTERM, as a JVM stuck in its shutdown hooks does; the TERM goes once its trap is set
        child = new ProcessBuilder("sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.1; done").start();
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream()))) {
            assertThat(out.readLine()).isEqualTo("ready");
        }
        child.toHandle().destroy();
        long start = System.nanoTime();

        boolean gone = ProcessExit.awaitOrKill(child.toHandle(), Duration.ofMillis(500), Duration.ofSeconds(10));

        assertThat(gone).isTrue();
        assertThat(child.isAlive()).isFalse();
        assertThat(child.exitValue()).as("killed, not ended by the TERM").isEqualTo(128 + 9);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
    }
}
