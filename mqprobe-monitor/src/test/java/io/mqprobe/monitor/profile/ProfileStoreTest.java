package io.mqprobe.monitor.profile;

import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.FlameNode;
import io.mqprobe.api.profile.ProcessProfile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Planted samples and waits in, shares, waits, flame tree and folded stacks out, over the windows asked for. */
class ProfileStoreTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final List<String> GZIP = List.of("java.util.zip.Deflater.deflateBytesBytes", "java.util.zip.Deflater.deflate",
            "org.apache.kafka.storage.internals.log.LogValidator.buildRecordsAndAssignOffsets", "kafka.server.KafkaApis.handle",
            "kafka.server.KafkaRequestHandler.run", "java.lang.Thread.run");
    private static final List<String> POLL = List.of("sun.nio.ch.EPoll.wait", "sun.nio.ch.EPollSelectorImpl.doSelect",
            "org.apache.kafka.common.network.Selector.poll", "kafka.network.Processor.poll", "kafka.network.Processor.run",
            "java.lang.Thread.run");

    @Test
    void should_share_a_windows_samples_by_part_and_leave_out_what_fell_outside() {
        ProfileStore store = new ProfileStore();
        for (int i = 0; i < 75; i++) {
            store.onCpu("broker-1", true, T0 + i * 10, "data-plane-kafka-request-handler-" + (i % 8), GZIP);
        }
        for (int i = 0; i < 25; i++) {
            store.onCpu("broker-1", true, T0 + i * 10, "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0", POLL);
        }
        for (int i = 0; i < 500; i++) {
            store.onCpu("broker-1", true, T0 + 60_000 + i, "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0", POLL);
        }

        ProcessProfile profile = store.over(List.of(new CpuProfiles.Window(T0, T0 + 5_000))).get(0);

        assertThat(profile.samples()).as("the 500 samples a minute later are outside the window").isEqualTo(100);
        assertThat(profile.parts().get(0).name()).isEqualTo("compression (gzip)");
        assertThat(profile.parts().get(0).share()).isCloseTo(0.75, within(1e-9));
        assertThat(profile.share("network I/O")).isCloseTo(0.25, within(1e-9));
        assertThat(profile.top(2)).isEqualTo("compression (gzip) 75 %, network I/O 25 %");
        FlameNode flame = profile.flame();
        assertThat(flame.name()).isEqualTo("broker-1");
        assertThat(flame.samples()).isEqualTo(100);
        assertThat(flame.children()).extracting(FlameNode::name).containsExactly("request handlers", "network processors");
        FlameNode handlers = flame.children().get(0);
        assertThat(handlers.children().get(0).name()).as("root first under the pool").isEqualTo("java.lang.Thread.run");
        assertThat(store.folded(new CpuProfiles.Window(T0, T0 + 5_000)).get("broker-1"))
                .contains("request handlers;java.lang.Thread.run;kafka.server.KafkaRequestHandler.run;kafka.server.KafkaApis.handle;"
                        + "org.apache.kafka.storage.internals.log.LogValidator.buildRecordsAndAssignOffsets;"
                        + "java.util.zip.Deflater.deflate;java.util.zip.Deflater.deflateBytesBytes 75\n");
    }

    @Test
    void should_weigh_a_native_sample_by_the_threads_in_native_code_and_leave_waiting_ones_out() {
        ProfileStore store = new ProfileStore();
        for (int i = 0; i < 40; i++) {
            store.onCpu("broker-1", true, T0 + i * 20, "data-plane-kafka-request-handler-1", POLL.subList(2, POLL.size()));
        }
        // one native sample per period, the four threads in native code in turn: one compresses, three wait in epoll
        for (int i = 0; i < 40; i++) {
            String thread = "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-" + i % 4;
            store.onNative("broker-1", true, T0 + i * 20, i % 4 == 0 ? "data-plane-kafka-request-handler-0" : thread,
                    i % 4 == 0 ? GZIP : POLL);
        }

        ProcessProfile profile = store.over(List.of(new CpuProfiles.Window(T0, T0 + 1_000))).get(0);

        assertThat(profile.samples()).as("40 Java, 10 native at work").isEqualTo(50);
        assertThat(profile.share("compression (gzip)")).as("10 native samples × 4 threads against 40 Java samples")
                .isCloseTo(0.5, within(1e-9));
        assertThat(profile.parts()).extracting(ProcessProfile.Part::name).doesNotContain("other");
    }

    @Test
    void should_give_a_pools_wait_as_a_share_of_its_threads_time() {
        ProfileStore store = new ProfileStore();
        // four send threads over 10 s; each blocked 4 s in total on one lock
        for (int t = 0; t < 4; t++) {
            for (int k = 0; k < 4; k++) {
                store.onWait("client", false, T0 + 1_000 + k * 2_000L, "mqprobe-send-" + t, "java.security.SecureRandom.nextBytes",
                        StackProfile.LOCK, 1_000_000_000L);
            }
        }

        ProcessProfile profile = store.over(List.of(new CpuProfiles.Window(T0, T0 + 10_000))).get(0);

        assertThat(profile.waits()).hasSize(1);
        assertThat(profile.waits().get(0).share()).isCloseTo(0.4, within(1e-9));
        assertThat(profile.waits().get(0).describe())
                .isEqualTo("client send threads blocked 40 % of their time in java.security.SecureRandom.nextBytes (lock)");
    }

    @Test
    void should_keep_a_flame_graph_small_by_leaving_out_frames_with_a_sliver_of_the_samples() {
        ProfileStore store = new ProfileStore();
        for (int i = 0; i < 1000; i++) {
            store.onCpu("broker-1", true, T0 + i, "data-plane-kafka-request-handler-0", GZIP);
        }
        store.onCpu("broker-1", true, T0 + 5, "data-plane-kafka-request-handler-0", List.of("rare.Frame.once", "java.lang.Thread.run"));

        FlameNode pool = store.over(List.of(new CpuProfiles.Window(T0, T0 + 2_000))).get(0).flame().children().get(0);

        assertThat(pool.samples()).isEqualTo(1001);
        assertThat(pool.children().get(0).children()).extracting(FlameNode::name).doesNotContain("rare.Frame.once");
    }

    @Test
    void should_find_the_one_busy_thread_of_a_pool_whose_others_idle() {
        ProfileStore store = new ProfileStore();
        for (int i = 0; i < 90; i++) {
            store.onCpu("broker-1", true, T0 + i * 10, "data-plane-kafka-request-handler-3", GZIP);
        }
        for (int i = 0; i < 10; i++) {
            store.onCpu("broker-1", true, T0 + i * 10, "data-plane-kafka-request-handler-5", GZIP);
            store.onCpu("broker-1", true, T0 + i * 10, "data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0", POLL);
        }
        for (int t = 0; t < 8; t++) {
            // listed a few seconds before the window, as a broker lists its threads every 10 s
            store.onThread("broker-1", true, T0 - 6_000, "data-plane-kafka-request-handler-" + t);
        }

        List<ProcessProfile.Pool> pools = store.over(List.of(new CpuProfiles.Window(T0, T0 + 2_000))).get(0).pools();

        assertThat(pools).extracting(ProcessProfile.Pool::name).containsExactly("request handlers", "network processors");
        ProcessProfile.Pool handlers = pools.get(0);
        assertThat(handlers.threads()).as("the six idle handlers count among the pool's threads").isEqualTo(8);
        assertThat(handlers.busiest()).isEqualTo("data-plane-kafka-request-handler-3");
        assertThat(handlers.busiestShare()).isCloseTo(0.9, within(1e-9));
        assertThat(handlers.share()).isCloseTo(100.0 / 110, within(1e-9));
        assertThat(pools.get(1).threads()).isEqualTo(1);
    }
}
