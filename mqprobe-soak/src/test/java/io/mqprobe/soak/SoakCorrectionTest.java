package io.mqprobe.soak;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.mqprobe.soak.SoakRecording.RATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** When a soak tries a lower rate, which, and what its verdict then says of the probe's answer. */
class SoakCorrectionTest {

    /** A probe's sustainable load of 10 MB/s: the recordings' 10,000 records of 1,000 bytes a second. */
    static final ProbeOrigin PROBE = new ProbeOrigin(Path.of("result.json"), "replicated-all", RATE, RATE * 1000, 1, null, null);
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    @Test
    void should_try_a_fifth_lower_after_a_break_at_the_rate_asked_and_a_fifth_below_what_it_carried_when_that_was_less() {
        SoakVerdict slow = new SoakRecording(300).p99Us(s -> s >= 120 ? 450_000 : 10_000).judge(FIVE_MINUTES, 30e9, false);
        SoakVerdict short_ = new SoakRecording(300).acked(s -> RATE * 0.6).judge(FIVE_MINUTES, 30e9, false);

        assertThat(slow.brokeBy()).startsWith("p99 ");
        assertThat(SoakCorrection.next(slow, RATE)).hasValueSatisfying(r -> assertThat(r).isCloseTo(0.8 * RATE, within(1.0)));
        assertThat(short_.brokeBy()).contains("carried");
        assertThat(SoakCorrection.next(short_, RATE)).hasValueSatisfying(r -> assertThat(r).isCloseTo(0.48 * RATE, within(50.0)));
    }

    @Test
    void should_not_correct_a_soak_that_held_was_cut_short_or_was_held_back_by_the_load_generator() {
        SoakVerdict held = new SoakRecording(300).judge(FIVE_MINUTES, 30e9, false);
        SoakVerdict cut = new SoakRecording(120).judge(FIVE_MINUTES, 30e9, true);
        SoakVerdict mqprobesOwn = new SoakRecording(300).clientCores(s -> 0.49).p99Us(s -> 300_000).judge(FIVE_MINUTES, 30e9, false);

        assertThat(held.held()).isTrue();
        assertThat(cut.headline()).startsWith("stopped after");
        assertThat(mqprobesOwn.clientLimited()).isTrue();
        for (SoakVerdict v : List.of(held, cut, mqprobesOwn)) {
            assertThat(SoakCorrection.next(v, RATE)).as(v.headline()).isEmpty();
        }
    }

    @Test
    void should_call_the_probes_answer_corrected_when_a_correction_held_and_lower_still_when_it_broke() {
        SoakRecording steady = new SoakRecording(300);
        SoakRecording slow = new SoakRecording(300).p99Us(s -> 450_000);

        SoakVerdict asked = slow.judge(slow.criteria(FIVE_MINUTES, 30e9, PROBE, 0), false);
        SoakVerdict corrected = steady.judge(steady.criteria(FIVE_MINUTES, 30e9, PROBE, 1), false);
        SoakVerdict stillBroke = slow.judge(slow.criteria(FIVE_MINUTES, 30e9, PROBE, 2), false);

        assertThat(asked.probe().outcome()).startsWith("not confirmed: broke at ");
        assertThat(asked.probe().correctedBytesPerSecond()).isNull();
        assertThat(corrected.probe().confirmed()).isFalse();
        assertThat(corrected.probe().correctedBytesPerSecond()).isCloseTo(RATE * 1000, within(1e4));
        assertThat(corrected.probe().outcome()).startsWith("corrected to 10.0 MB/s: the probe's 10.0 MB/s broke; correction 1 held ");
        assertThat(stillBroke.probe().correctedBytesPerSecond()).isNull();
        assertThat(stillBroke.probe().outcome()).startsWith("not corrected: correction 2 broke at ")
                .endsWith("what production can carry lies below 10.0 MB/s");
    }

    @Test
    void should_head_the_summary_with_the_last_rate_tried_and_keep_each_earlier_one_as_a_note() {
        SoakVerdict broke = new SoakRecording(300).p99Us(s -> 450_000).judge(FIVE_MINUTES, 30e9, false);
        SoakVerdict held = new SoakRecording(300).judge(FIVE_MINUTES, 30e9, false);

        var summary = SoakSummary.of(List.of(new SoakSummary.Held(10e6, broke), new SoakSummary.Held(8e6, held)));

        assertThat(summary.headline()).startsWith("correction 1 (8.0 MB/s) held 10.0 MB/s for 5 min 0 s: ")
                .endsWith("; the rate asked (10.0 MB/s) broke at " + SoakJudge.clock(broke.brokeAtMs()));
        assertThat(summary.notes()).anyMatch(n -> n.startsWith("the rate asked (10.0 MB/s): broke at "));
        assertThat(summary.table().rows()).hasSize(5);
    }
}
