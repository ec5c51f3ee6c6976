package io.mqprobe.monitor.profile;

import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** mqprobe's own flight recorder, read live: a lock planted among send threads comes out as their blocked time. */
class LocalProfileTest {

    private static final Object LOCK = new Object();
    private static final long RUN_MS = 2_500;

    @Test
    void should_show_send_threads_contending_one_lock_as_blocked_time_at_that_lock() throws Exception {
        ProfileStore store = new ProfileStore();
        long from;
        long to;
        try (LocalProfile ignored = LocalProfile.start(store)) {
            from = System.currentTimeMillis();
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Thread t = new Thread(() -> {
                    long end = System.currentTimeMillis() + RUN_MS;
                    while (System.currentTimeMillis() < end) {
                        holdTheLock();
                    }
                }, "mqprobe-send-" + i);
                senders.add(t);
                t.start();
            }
            for (Thread t : senders) {
                t.join();
            }
            to = System.currentTimeMillis();
            spin(1_500);   // events after the window, so the store knows the recording has been read past it
            ProcessProfile client = store.over(List.of(new CpuProfiles.Window(from, to))).stream()
                    .filter(p -> p.source().equals("client")).findFirst().orElseThrow();

            assertThat(client.waits()).isNotEmpty();
            ProcessProfile.Wait wait = client.waits().get(0);
            assertThat(wait.threads()).isEqualTo("client send threads");
            assertThat(wait.site()).endsWith("LocalProfileTest.holdTheLock");
            assertThat(wait.kind()).isEqualTo(StackProfile.LOCK);
            // four threads taking turns on one lock wait about three quarters of their time; waits under 10 ms go unseen
            assertThat(wait.share()).isBetween(0.3, 1.0);
        }
    }

    /** Holds the lock 20 ms, busy, so the others queue at its door. */
    private static void holdTheLock() {
        synchronized (LOCK) {
            spin(20);
        }
    }

    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 0;
        while (System.nanoTime() < end) {
            x += System.nanoTime() % 7;
        }
        if (x == 42) {
            System.out.print("");
        }
    }
}
