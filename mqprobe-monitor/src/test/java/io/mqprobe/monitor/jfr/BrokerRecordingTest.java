package io.mqprobe.monitor.jfr;

import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Name;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * This JVM's own recorder, read as a broker's is: every event handed on once, every chunk copied once, a part's events
 * recorded only while its settings enable them.
 */
@Timeout(30)
class BrokerRecordingTest {

    private static final int TICKS = 150;

    @Name("mqprobe.test.Tick")
    static final class Tick extends Event {
        int number;
    }

    @Test
    void should_hand_on_every_event_once_and_copy_each_chunk_once() throws Exception {
        FlightRecorder.register(Tick.class);
        Map<Integer, AtomicInteger> seen = new ConcurrentHashMap<>();
        RecordingPart ticks = ticks(() -> true, () -> true,
                n -> seen.computeIfAbsent(n, k -> new AtomicInteger()).incrementAndGet());
        Duration readEvery = Duration.ofMillis(400);
        BrokerRecording recording = BrokerRecording.start(ManagementFactory.getPlatformMBeanServer(), List.of(ticks), "self", readEvery);
        try {
            for (int i = 0; i < TICKS; i++) {   // 3 s of ticks: about seven reads, each within the recording's 7 s
                Tick tick = new Tick();
                tick.number = i;
                tick.commit();
                Thread.sleep(20);
            }
            long deadline = System.currentTimeMillis() + 10_000;
            while (seen.size() < TICKS && System.currentTimeMillis() < deadline) {
                Thread.sleep(readEvery.toMillis());
            }
            Thread.sleep(2 * readEvery.toMillis());   // reads after the last tick copy nothing of it again
        } finally {
            recording.close();
        }

        assertThat(recording.failure()).isNull();
        assertThat(seen).hasSize(TICKS);
        assertThat(seen.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        // the recording holds only ticks: a read that copied the chunks before it again (every one the broker keeps for
        // 7 s) would have copied each tick many times over, one copied twice at each read half again as many
        assertThat(recording.eventsCopied()).isBetween((long) TICKS, TICKS * 3L / 2);
    }

    @Test
    void should_record_a_part_only_while_its_settings_enable_it_when_they_change_mid_recording() throws Exception {
        FlightRecorder.register(Tick.class);
        AtomicBoolean on = new AtomicBoolean(false);
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        RecordingPart ticks = ticks(on::get, () -> true, seen::add);
        Duration readEvery = Duration.ofMillis(400);
        BrokerRecording recording = BrokerRecording.start(ManagementFactory.getPlatformMBeanServer(), List.of(ticks), "self", readEvery);
        try {
            tick(0, 50);        // off from the start
            on.set(true);
            recording.updateSettings();
            tick(50, 100);
            on.set(false);
            recording.updateSettings();
            tick(100, 150);
            long deadline = System.currentTimeMillis() + 10_000;
            while (seen.size() < 50 && System.currentTimeMillis() < deadline) {
                Thread.sleep(readEvery.toMillis());
            }
            Thread.sleep(2 * readEvery.toMillis());
        } finally {
            recording.close();
        }

        assertThat(seen).hasSize(50).allSatisfy(n -> assertThat(n).isBetween(50, 99));
    }

    private static void tick(int from, int to) throws InterruptedException {
        for (int i = from; i < to; i++) {
            Tick tick = new Tick();
            tick.number = i;
            tick.commit();
            Thread.sleep(10);
        }
    }

    @Test
    void should_not_read_a_recording_while_no_part_wants_its_events() throws Exception {
        FlightRecorder.register(Tick.class);
        AtomicBoolean reading = new AtomicBoolean(false);
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        RecordingPart ticks = ticks(() -> true, reading::get, seen::add);
        Duration readEvery = Duration.ofMillis(400);
        BrokerRecording recording = BrokerRecording.start(ManagementFactory.getPlatformMBeanServer(), List.of(ticks), "self", readEvery);
        try {
            tick(0, 100);   // 1 s: two read intervals and more
            Thread.sleep(2 * readEvery.toMillis());
            assertThat(recording.eventsCopied()).as("nothing read while no part reads").isZero();

            reading.set(true);
            long deadline = System.currentTimeMillis() + 10_000;
            while (seen.size() < 100 && System.currentTimeMillis() < deadline) {
                Thread.sleep(readEvery.toMillis());
            }
        } finally {
            recording.close();
        }

        assertThat(seen).as("the recording kept them, read once a part wanted them").hasSize(100);
    }

    /** A part that enables the test's ticks while {@code enabled}, reads while {@code reading} and hands on each number. */
    private static RecordingPart ticks(BooleanSupplier enabled, BooleanSupplier reading, IntConsumer onTick) {
        return new RecordingPart() {
            @Override
            public Map<String, String> settings() {
                return Map.of("mqprobe.test.Tick#enabled", String.valueOf(enabled.getAsBoolean()));
            }

            @Override
            public boolean reading() {
                return reading.getAsBoolean();
            }

            @Override
            public void onEvent(RecordedEvent event) {
                if (event.getEventType().getName().equals("mqprobe.test.Tick")) {
                    onTick.accept(event.getInt("number"));
                }
            }
        };
    }
}
