package io.mqprobe.stamp;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Deque;

import static org.assertj.core.api.Assertions.assertThat;

/** The host's clock, its two sources planted: a wall clock that is stepped, slewed, or read across a preemption. */
class SystemClockTest {

    private static final long SECOND_NS = 1_000_000_000L;
    private static final long START_MS = 1_796_000_000_000L;

    /** A monotonic clock and a wall clock the test moves; a stall queued for a read follows it, before the next read. */
    private static final class Host {
        long nanos = 5 * SECOND_NS;
        long wallMs = START_MS;
        final Deque<Long> stallsAfterNextRead = new ArrayDeque<>();

        long nanos() {
            long now = nanos;
            Long stall = stallsAfterNextRead.poll();
            if (stall != null) {
                pass(stall);   // both clocks go on while the thread waits for a core
            }
            return now;
        }

        void pass(long ns) {
            nanos += ns;
            wallMs += ns / 1_000_000;
        }
    }

    @Test
    void should_follow_a_stepped_wall_clock_within_a_second_of_the_step() {
        Host host = new Host();
        SystemClock clock = new SystemClock(host::nanos, () -> host.wallMs);
        host.pass(3 * SECOND_NS);
        assertThat(clock.epochMicros()).isEqualTo((START_MS + 3_000) * 1000);

        host.wallMs += 11_000;   // NTP, a resumed VM, date -s
        host.pass(2 * SECOND_NS);

        // what the CI runs met: stamps 11 s behind the broker's LogAppendTime and every process started after the step
        assertThat(clock.epochMicros()).isEqualTo((START_MS + 16_000) * 1000);
        assertThat(clock.epochMicrosAt(host.nanos - SECOND_NS)).as("a stamp of an intended time a second ago")
                .isEqualTo((START_MS + 15_000) * 1000);
    }

    @Test
    void should_keep_its_anchor_between_checks_and_through_a_difference_smaller_than_a_step() {
        Host host = new Host();
        SystemClock clock = new SystemClock(host::nanos, () -> host.wallMs);
        host.pass(SECOND_NS / 2);
        host.wallMs += 11_000;
        assertThat(clock.epochMicros()).as("within the second after its last check: no wall clock read on the hot path")
                .isEqualTo((START_MS + 500) * 1000);

        Host slewed = new Host();
        SystemClock smooth = new SystemClock(slewed::nanos, () -> slewed.wallMs);
        slewed.pass(2 * SECOND_NS);
        slewed.wallMs += SystemClock.STEP_US / 1000 - 1;
        assertThat(smooth.epochMicros()).as("a slewed millisecond is not a step: stamps stay smooth")
                .isEqualTo((START_MS + 2_000) * 1000);
    }

    @Test
    void should_not_move_its_anchor_on_reads_a_preemption_split() {
        Host host = new Host();
        SystemClock clock = new SystemClock(host::nanos, () -> host.wallMs);
        host.pass(2 * SECOND_NS);
        // the thread stalls 300 ms between reading the monotonic clock and the wall clock: the wall reads 300 ms ahead
        host.stallsAfterNextRead.add(0L);
        host.stallsAfterNextRead.add(300_000_000L);

        assertThat(clock.epochMicros()).isEqualTo((START_MS + 2_000) * 1000);
        assertThat(clock.epochMicrosAt(host.nanos)).as("the anchor a stall would have moved by 300 ms, checked again after")
                .isEqualTo((START_MS + 2_300) * 1000);
    }
}
