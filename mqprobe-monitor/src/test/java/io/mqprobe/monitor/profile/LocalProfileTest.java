package io.mqprobe.monitor.profile;

import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mqprobe's own flight recorder, read live: a lock planted among send threads comes out as their blocked time, and no
 * stack is sampled while sampling is off.
 */
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

    @Test
    void should_take_no_samples_while_sampling_is_off_and_take_them_again_once_it_is_on() throws Exception {
        ProfileStore store = new ProfileStore();
        try (LocalProfile ignored = LocalProfile.start(store)) {
            // the store keeps whole seconds: a second apart from each switch, so no window shares a second with the other state
            store.sampling(false);
            Thread.sleep(1_100);
            long offFrom = System.currentTimeMillis();
            compute(1_500);
            long offTo = System.currentTimeMillis();
            Thread.sleep(1_100);
            store.sampling(true);
            long onFrom = System.currentTimeMillis();
            compute(1_500);
            long onTo = System.currentTimeMillis();
            compute(1_500);   // read past the window

            assertThat(samples(store, offFrom, offTo)).isZero();
            // 1.5 s of one thread computing, a sample per 20 ms: about 75 (97-98 in 2 s, on, off and on again, here)
            assertThat(samples(store, onFrom, onTo)).isGreaterThan(30);
        }
    }

    private static long samples(ProfileStore store, long from, long to) {
        return store.over(List.of(new CpuProfiles.Window(from, to))).stream().filter(p -> p.source().equals("client"))
                .mapToLong(ProcessProfile::samples).sum();
    }

    /** Holds the lock 20 ms, busy, so the others queue at its door. */
    private static void holdTheLock() {
        synchronized (LOCK) {
            spin(20);
        }
    }

    /**
     * Arithmetic in Java for {@code millis}: sampled at every period. A loop that calls {@code System.nanoTime} at each
     * turn is sampled about one period in four (27 samples in 2 s here), in a state the sampler skips.
     */
    private static long compute(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 31 + i;
            }
        }
        return x;
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
