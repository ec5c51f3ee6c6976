package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** The sustainable-load search against synthetic clusters: a step's outcome is a function of its offered rate. */
@Timeout(10)
class SustainableSearchTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();
    private static final List<Double> FRACTIONS = List.of(0.25, 0.5, 0.8);
    private static final double CEILING = 100_000;

    @Test
    void should_hold_its_answer_one_precision_step_below_it_before_reporting_it_and_carry_the_bracket() {
        SustainableSearch search = search();

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> knee(i, rate, 43_000), (i, rate) -> knee(i, rate, 43_000));

        List<StepMeasurement> held = steps.get(1);
        SustainablePoint found = search.result(steps.get(0), held).orElseThrow();
        double answer = highestPassing(steps.get(0), 43_000);
        assertThat(held).hasSize(1);
        assertThat(held.get(0).targetRecordsPerSecond()).isEqualTo(Math.round(answer * (1 - SustainableSearch.HOLD_MARGIN)));
        assertThat(found.recordsPerSecond()).isEqualTo(held.get(0).targetRecordsPerSecond());   // the load reported is the one held
        assertThat(found.heldStep()).isEqualTo(held.get(0).index()).isEqualTo(found.step());
        assertThat(found.failingRecordsPerSecond()).isGreaterThan(43_000).isLessThan(43_000 / 0.95);
        assertThat(found.limitedBy()).endsWith("; held at step " + held.get(0).index() + ", 5 % below the "
                + io.mqprobe.api.units.HumanUnits.msgsPerSecond(answer) + " its search passed");
    }

    @Test
    void should_hold_below_the_limit_where_a_longer_step_at_the_answer_itself_fails() {
        // held for longer, the very rate the search ends on fails (a hair over a threshold); one precision step below
        // it, a hold holds the first time
        SustainableSearch search = search();
        double answer = highestPassing(SearchRuns.run(search(), (i, rate) -> knee(i, rate, 43_000)), 43_000);

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> knee(i, rate, 43_000),
                (i, rate) -> knee(i, rate, answer - 1));

        SustainablePoint found = search.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(steps.get(1)).hasSize(1);
        assertThat(found.heldStep()).isEqualTo(steps.get(1).get(0).index());
        assertThat(found.recordsPerSecond()).isGreaterThanOrEqualTo(0.9 * 43_000);
    }

    @Test
    void should_search_below_an_answer_that_did_not_hold_and_hold_the_next_one() {
        // short steps pass up to 43k; held for longer, anything above 39k fails
        SustainableSearch search = search();

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> knee(i, rate, 43_000), (i, rate) -> knee(i, rate, 39_000));

        List<StepMeasurement> held = steps.get(1);
        SustainablePoint found = search.result(steps.get(0), held).orElseThrow();
        assertThat(held).hasSize(2);
        assertThat(held.get(0).targetRecordsPerSecond()).isGreaterThan(39_000);
        assertThat(found.recordsPerSecond()).isLessThanOrEqualTo(39_000);
        assertThat(found.failingRecordsPerSecond()).isEqualTo(held.get(0).targetRecordsPerSecond());
        assertThat(found.heldStep()).isEqualTo(held.get(1).index());
    }

    @Test
    void should_say_the_answer_was_not_held_when_every_hold_failed() {
        // held for longer, anything above 30k fails: two holds are not enough to get there
        SustainableSearch search = search();

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> knee(i, rate, 43_000), (i, rate) -> knee(i, rate, 30_000));

        SustainablePoint found = search.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(steps.get(1)).hasSize(SustainableSearch.MAX_HOLDS);
        assertThat(found.heldStep()).isNull();
        assertThat(found.limitedBy()).startsWith("p99 1.00 s > SLO 200 ms at step " + steps.get(1).get(1).index())
                .contains("offered and held (the search had passed ").contains("; not held: the 2 holds above it failed at ");
    }

    @Test
    void should_say_the_answer_was_not_held_when_its_holds_passed_and_their_readings_moved_it() {
        // a default probe's broker-ceiling (2026-12-06 18:13, run 3, rates scaled): both holds passed, reading the broker
        // far below the short steps, and the line through them then passed two rates above them that no hold confirmed
        SustainableSearch search = search();
        List<StepMeasurement> paced = List.of(costly(1, 25_000, 100_000, 34), costly(2, 50_000, 100_000, 37.5),
                costly(3, 80_000, 100_000, 37), costly(4, 54_500, 100_000, 40), costly(5, 52_200, 100_000, 38));
        List<StepMeasurement> held = List.of(costly(6, 47_500, 100_000, 28), costly(7, 49_600, 100_000, 21));

        SustainablePoint found = search.result(paced, held).orElseThrow();

        assertThat(found.heldStep()).isNull();
        assertThat(found.recordsPerSecond()).isGreaterThan(49_600);
        assertThat(found.limitedBy()).endsWith("; not held: its holds at 47,500 msgs/s (step 6) and 49,600 msgs/s (step 7) "
                + "passed, and the lines through their readings then moved the answer to a rate no hold confirmed");
    }

    @Test
    void should_measure_again_a_hold_that_failed_on_one_stall_before_it_bounds_the_answer() {
        // short steps and holds pass up to 43k; the first hold meets one stall of 900 ms, its other seconds at 5 ms
        SustainableSearch search = search();
        boolean[] met = {false};

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> knee(i, rate, 43_000), (i, rate) -> {
            if (!met[0]) {
                met[0] = true;
                return StepBuilder.step(i, rate).target(rate).stall(5, 900).build();
            }
            return knee(i, rate, 43_000);
        });

        List<StepMeasurement> held = steps.get(1);
        SustainablePoint found = search.result(steps.get(0), held).orElseThrow();
        assertThat(held).hasSize(2);
        assertThat(held.get(1).targetRecordsPerSecond()).as("the same rate, held again").isEqualTo(held.get(0).targetRecordsPerSecond());
        assertThat(found.heldStep()).isEqualTo(held.get(1).index());
        assertThat(found.recordsPerSecond()).isEqualTo(held.get(0).targetRecordsPerSecond());
        assertThat(found.limitedBy()).endsWith("its search passed (measured again: its hold at step " + held.get(0).index()
                + " failed on p99 900 ms > SLO 200 ms from one stall)");
    }

    @Test
    void should_measure_a_stalled_hold_again_only_once_and_a_hold_whose_tail_lasted_not_at_all() {
        // every hold meets a stall: the first is measured again, the next answer's hold is not
        SustainableSearch stalling = search();
        List<List<StepMeasurement>> stalled = SearchRuns.runHolding(stalling, (i, rate) -> knee(i, rate, 43_000),
                (i, rate) -> StepBuilder.step(i, rate).target(rate).stall(5, 900).build());
        assertThat(stalled.get(1)).hasSize(SustainableSearch.MAX_HOLDS + SustainableSearch.MAX_HOLD_REPEATS);
        assertThat(stalling.result(stalled.get(0), stalled.get(1)).orElseThrow().heldStep()).isNull();

        // a hold whose seconds all stood over the SLO, far or by less than twice it: a tail that lasted, not a stall
        for (double p99Ms : new double[] {900, 300}) {
            SustainableSearch lasting = search();
            List<List<StepMeasurement>> tail = SearchRuns.runHolding(lasting, (i, rate) -> knee(i, rate, 43_000),
                    (i, rate) -> StepBuilder.step(i, rate).target(rate).seconds(p99Ms, p99Ms, p99Ms, p99Ms, p99Ms).build());
            assertThat(tail.get(1)).as("p99 %s ms", p99Ms).hasSize(SustainableSearch.MAX_HOLDS);
            assertThat(tail.get(1).get(1).targetRecordsPerSecond()).isLessThan(tail.get(1).get(0).targetRecordsPerSecond());
        }
    }

    /** The highest rate the search's short steps passed below {@code limit}. */
    private static double highestPassing(List<StepMeasurement> paced, double limit) {
        return paced.stream().mapToDouble(StepMeasurement::targetRecordsPerSecond).filter(r -> r <= limit).max().orElseThrow();
    }

    @Test
    void should_not_let_a_single_stall_decide_the_sustainable_load() {
        // every rate up to 60k runs at 5 ms; the first step at 50k meets one stall of 900 ms (4.5× the SLO, beyond the
        // noise factor): its p99 is the stall's, most of its seconds' p99s are not
        assertStallMeasuredAgainAndHeld((i, rate) -> StepBuilder.step(i, rate).target(rate).stall(5, 900).build());
    }

    @Test
    void should_measure_again_a_short_step_one_stalled_second_failed_where_the_others_stood_near_the_slo() {
        // four seconds, three of them at 100 ms (half the SLO) and one at 1.5 s: the seconds' mean (450 ms) is over the
        // SLO, their median is not; a stall, measured again, and the rate holds
        assertStallMeasuredAgainAndHeld((i, rate) -> StepBuilder.step(i, rate).target(rate).seconds(100, 1_500, 100, 100).build());
    }

    /** The first step at 50k is {@code stalled}, every other step runs at 5 ms up to 60k: 50k is measured again and passes. */
    private static void assertStallMeasuredAgainAndHeld(BiFunction<Integer, Double, StepMeasurement> stalled) {
        SustainableSearch search = search();
        boolean[] met = {false};

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> {
            if (rate == 50_000 && !met[0]) {
                met[0] = true;
                return stalled.apply(i, rate);
            }
            return knee(i, rate, 60_000);
        });

        assertThat(met[0]).isTrue();
        assertThat(paced.stream().filter(s -> s.targetRecordsPerSecond() == 50_000)).hasSize(2);
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isGreaterThanOrEqualTo(0.95 * 60_000);
    }

    /**
     * issue 39: the step budget was spent when 13,197 msgs/s failed on one stalled second below a rate that had passed
     * (2026-12-02 16:39, replicated-all); unrepeated, it bounded the answer at 11.6k where the runs beside it found 30-32k.
     */
    @Test
    void should_measure_again_a_stall_that_would_bound_the_answer_after_the_budget_is_spent() {
        SustainableSearch search = new SustainableSearch(DEFAULTS, List.of(0.25, 0.5), 40_000, 2 + 4, 3);
        List<StepMeasurement> paced = new ArrayList<>(List.of(
                knee(0, 10_000, 16_500), knee(1, 20_000, 16_500), knee(2, 15_000, 16_500), knee(3, 17_500, 16_500),
                knee(4, 16_250, 16_500), StepBuilder.step(5, 13_000).target(13_000).stall(65, 372).build()));

        assertThat(search.next(paced)).contains(new SustainableSearch.Measure(13_000, true));

        paced.add(knee(6, 13_000, 16_500));
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isEqualTo(16_250);
    }

    @Test
    void should_let_a_tail_in_half_of_the_seconds_bound_the_answer() {
        // two of four seconds at 1.5 s: no longer a stall, the rate's own level; not measured again
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> rate >= 50_000
                ? StepBuilder.step(i, rate).target(rate).seconds(100, 1_500, 1_500, 100).build() : knee(i, rate, 60_000));

        assertThat(paced.stream().filter(s -> s.targetRecordsPerSecond() == 50_000)).hasSize(1);
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isLessThan(50_000);
    }

    @Test
    void should_let_a_gross_tail_held_through_every_second_bound_the_answer() {
        // the same p99 of 900 ms, but in every second: the rate is too much, and it is not measured again
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> rate >= 50_000
                ? StepBuilder.step(i, rate).target(rate).stall(900, 900).build() : knee(i, rate, 60_000));

        assertThat(paced.stream().filter(s -> s.targetRecordsPerSecond() == 50_000)).hasSize(1);
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isLessThan(50_000);
    }

    /**
     * The probe's time budget: a search out of time takes one narrowing step, aimed 10 % under where the broker's CPU
     * line reaches 75 % (no step follows to make up for a miss), and holds the highest rate that passed; one in time goes
     * on narrowing from the same steps (the planner sets a search's narrowing between steps). Without that step the
     * answer is the fraction below the one that failed: 47,500 here, where the limit is 70,000.
     */
    @Test
    void should_take_one_step_under_the_crossing_and_hold_the_highest_passing_rate_once_out_of_time() {
        BiFunction<Integer, Double, StepMeasurement> cluster = (i, rate) -> costly(i, rate, 70_000, 0);
        SustainableSearch inTime = search();
        List<StepMeasurement> fractions = List.of(cluster.apply(0, 25_000.0), cluster.apply(1, 50_000.0));

        assertThat(inTime.next(fractions, List.of())).hasValueSatisfying(m -> assertThat(m.hold()).isFalse());

        SustainableSearch outOfTime = inTime.narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);
        List<List<StepMeasurement>> steps = SearchRuns.runHolding(outOfTime, cluster, cluster);

        assertThat(steps.get(0)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(25_000.0, 50_000.0, 80_000.0,
                Math.round(70_000 * (1 - SustainableSearch.WIDE_GAP)) * 1.0);
        assertThat(steps.get(1)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(59_850.0);
        SustainablePoint found = outOfTime.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.recordsPerSecond()).isEqualTo(59_850);
        assertThat(found.limitedBy()).containsPattern("\\(searched to within [0-9.]+ %, where the probe's time budget cut the narrowing short\\)");
        assertThat(inTime.result(steps.get(0), steps.get(1)).orElseThrow().limitedBy()).containsPattern("\\(searched to within [0-9.]+ %\\)");
    }

    @Test
    void should_take_one_step_below_the_lowest_fraction_out_of_time_when_it_failed() {
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);

        List<StepMeasurement> reachable = SearchRuns.run(outOfTime, (i, rate) -> costly(i, rate, 20_000, 0));
        List<StepMeasurement> tooLow = SearchRuns.run(outOfTime, (i, rate) -> costly(i, rate, 2_000, 0));

        assertThat(reachable).hasSize(2).first().extracting(StepMeasurement::targetRecordsPerSecond).isEqualTo(25_000.0);
        assertThat(reachable.get(1).targetRecordsPerSecond()).isLessThan(20_000.0);
        assertThat(outOfTime.result(reachable).orElseThrow().recordsPerSecond()).isEqualTo(reachable.get(1).targetRecordsPerSecond());
        assertThat(tooLow).as("once: the step below failed as well").hasSize(2);
        assertThat(outOfTime.result(tooLow)).isEmpty();
    }

    @Test
    void should_go_on_with_the_fractions_out_of_time_when_the_lowest_one_failed_first_and_passed_on_the_lines_below_it() {
        // broker-1 costs 75 % at 70k, but the first paced step, 25k, read it at 82 % (the ramp's leftovers): it fails,
        // out of time the one step goes below it, then a hold into the gap between them; their readings bring the line
        // under 75 % at 25k, which passes after all. The fractions above it were never tried: the answer must not be a
        // quarter of the ceiling with "no threshold reached" (a default probe here, 2026-12-07 07:14, run 1, broker-ceiling)
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);
        BiFunction<Integer, Double, StepMeasurement> leftoversAtFirst = (i, rate) -> costly(i, rate, 70_000, i == 0 ? 55 : 0);

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(outOfTime, leftoversAtFirst, (i, rate) -> costly(i, rate, 70_000, 0));

        List<Double> paced = steps.get(0).stream().map(StepMeasurement::targetRecordsPerSecond).toList();
        assertThat(paced).startsWith(25_000.0, 12_500.0).contains(50_000.0, 80_000.0);
        SustainablePoint found = outOfTime.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.limitedBy()).doesNotContain("no threshold reached").contains("at step");
        assertThat(found.failingRecordsPerSecond()).isLessThanOrEqualTo(80_000.0);
        assertThat(found.recordsPerSecond()).isGreaterThanOrEqualTo(0.95 * 50_000).isLessThanOrEqualTo(70_000);
        assertThat(found.heldStep()).isNotNull();
    }

    @Test
    void should_step_below_the_lowest_fraction_out_of_time_when_its_hold_failed_and_hold_that() {
        // the lowest fraction passed its short step, the next failed, the one narrowing step failed; the hold below the
        // lowest fraction failed (a longer step than the search's), which left no rate passed
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(outOfTime, (i, rate) -> knee(i, rate, 30_000),
                (i, rate) -> knee(i, rate, 20_000));

        List<Double> paced = steps.get(0).stream().map(StepMeasurement::targetRecordsPerSecond).toList();
        assertThat(paced).startsWith(25_000.0, 50_000.0).hasSize(4);
        assertThat(paced.get(3)).isLessThan(23_750.0);
        List<Double> holds = steps.get(1).stream().map(StepMeasurement::targetRecordsPerSecond).toList();
        assertThat(holds).as("first in the gap above the lowest fraction, below the narrowing step that failed").hasSize(3)
                .first().satisfies(gap -> assertThat(gap).isGreaterThan(25_000).isLessThan(paced.get(2)));
        assertThat(holds.subList(1, 3)).containsExactly(23_750.0, (double) SustainableSearch.holdRate(paced.get(3)));
        SustainablePoint found = outOfTime.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.recordsPerSecond()).isEqualTo(SustainableSearch.holdRate(paced.get(3)));
    }

    @Test
    void should_hold_in_the_gap_a_search_out_of_time_left_open_rather_than_below_its_answer() {
        // out of time, the fractions passed up to 50k, 80k failed on the broker's CPU and the one narrowing step, 70.2k,
        // was not delivered in full: the search's answer is 50k, 29 % below what failed. Held instead halfway into that
        // gap (no line crosses its threshold there), the load passes for as long as a hold lasts.
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);
        BiFunction<Integer, Double, StepMeasurement> undeliveredAbove60k = (i, rate) -> rate > 60_000 && rate < 80_000
                ? StepBuilder.step(i, 0.8 * rate).target(rate).cpu("broker-1", 0.5 * 0.75 * rate / 78_000, 0.5).build()
                : costly(i, rate, 78_000, 0);

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(outOfTime, undeliveredAbove60k, (i, rate) -> costly(i, rate, 78_000, 0));

        List<StepMeasurement> paced = steps.get(0);
        List<StepMeasurement> held = steps.get(1);
        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 50_000.0, 80_000.0).hasSize(4);
        double failed = paced.get(3).targetRecordsPerSecond();
        assertThat(held).hasSize(1).first().extracting(StepMeasurement::targetRecordsPerSecond).isEqualTo((double) Math.round((50_000 + failed) / 2));
        SustainablePoint found = outOfTime.result(paced, held).orElseThrow();
        assertThat(found.recordsPerSecond()).isEqualTo(held.get(0).targetRecordsPerSecond());
        assertThat(found.heldStep()).isEqualTo(held.get(0).index());
        assertThat(found.failingRecordsPerSecond()).isEqualTo(failed);
        assertThat(found.limitedBy()).startsWith("acknowledged").endsWith("; held at step " + held.get(0).index()
                + ", in the gap its search left open above the 50,000 msgs/s it passed");
    }

    @Test
    void should_hold_in_the_gap_a_failed_hold_left_above_a_far_lower_answer() {
        // out of time, 25k and 50k passed, 80k failed on the broker's CPU and the narrowing step 70.2k passed, but its hold
        // met a tail that lasted and failed: the answer falls to the 50k fraction, 25 % below the failed hold. Held halfway
        // into that gap instead, the load passes for as long as a hold lasts.
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);

        List<List<StepMeasurement>> steps = withTailsAbove(outOfTime, 78_000, 60_000);

        assertThat(steps.get(0)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(25_000.0, 50_000.0, 80_000.0, 70_200.0);
        double failedHold = steps.get(1).get(0).targetRecordsPerSecond();
        assertThat(failedHold).isLessThan(70_200).isGreaterThan(60_000);
        assertThat(steps.get(1)).hasSize(2).last().extracting(StepMeasurement::targetRecordsPerSecond)
                .isEqualTo((double) Math.round((50_000 + failedHold) / 2));
        assertHeldInTheGap(outOfTime, steps, failedHold, "50,000 msgs/s");
    }

    @Test
    void should_hold_in_the_gap_two_failed_holds_left_above_an_unheld_fraction() {
        // out of time, 25k and 50k passed, 80k failed on the broker's CPU and the narrowing step 55.8k passed; held for
        // longer, anything above 45k meets a tail that lasts: the hold at 53k fails a hair above the 50k fraction (no gap
        // to hold there), the 50k fraction's own hold at 47.5k fails too, and the answer would fall to the 25k fraction,
        // unheld, 47 % below the last failed hold. Held halfway into that gap, the load passes for as long as a hold lasts.
        SustainableSearch outOfTime = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);

        List<List<StepMeasurement>> steps = withTailsAbove(outOfTime, 62_000, 45_000);

        assertThat(steps.get(0)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(25_000.0, 50_000.0, 80_000.0, 55_800.0);
        assertThat(steps.get(1)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(53_010.0, 47_500.0, 36_250.0);
        assertHeldInTheGap(outOfTime, steps, 47_500, "25,000 msgs/s");
    }

    /** The search run with broker-1's CPU at 75 % at {@code cpuLimit}, its holds above {@code tailFrom} meeting a tail that lasts. */
    private static List<List<StepMeasurement>> withTailsAbove(SustainableSearch search, double cpuLimit, double tailFrom) {
        return SearchRuns.runHolding(search, (i, rate) -> costly(i, rate, cpuLimit, 0), (i, rate) -> tailingAbove(i, rate, cpuLimit, tailFrom));
    }

    /** The answer is the last hold, in the gap above {@code passed}, bounded by the hold that failed at {@code failing}. */
    private static void assertHeldInTheGap(SustainableSearch search, List<List<StepMeasurement>> steps, double failing, String passed) {
        StepMeasurement gapHold = steps.get(1).get(steps.get(1).size() - 1);
        SustainablePoint found = search.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.recordsPerSecond()).isEqualTo(gapHold.targetRecordsPerSecond());
        assertThat(found.heldStep()).isEqualTo(gapHold.index());
        assertThat(found.failingRecordsPerSecond()).isEqualTo(failing);
        assertThat(found.limitedBy()).endsWith("; held at step " + gapHold.index() + ", in the gap its search left open above the "
                + passed + " it passed");
    }

    @Test
    void should_narrow_to_within_ten_percent_with_fewer_steps_when_short_of_time() {
        BiFunction<Integer, Double, StepMeasurement> cluster = (i, rate) -> knee(i, rate, 43_000);
        SustainableSearch full = search();
        SustainableSearch shortOfTime = search().narrowing(SustainableSearch.Narrowing.SHORT_OF_TIME);

        List<StepMeasurement> fullSteps = SearchRuns.run(full, cluster);
        List<StepMeasurement> shortSteps = SearchRuns.run(shortOfTime, cluster);

        SustainablePoint found = shortOfTime.result(shortSteps).orElseThrow();
        assertThat(found.recordsPerSecond()).isLessThanOrEqualTo(43_000).isGreaterThanOrEqualTo(0.9 * found.failingRecordsPerSecond());
        assertThat(full.result(fullSteps).orElseThrow().recordsPerSecond()).isGreaterThanOrEqualTo(0.95 * 43_000);
        assertThat(shortSteps).hasSizeLessThan(fullSteps.size());
    }

    @Test
    void should_still_try_the_fractions_and_measure_a_bounding_stall_again_when_out_of_time() {
        // out of time before any rate failed: the fractions go on, else there is no answer at all; the rate that bounds the
        // answer failed on one stalled second and is measured once more; then one narrowing step, halfway to the ceiling
        SustainableSearch search = search().narrowing(SustainableSearch.Narrowing.OUT_OF_TIME);
        BiFunction<Integer, Double, StepMeasurement> stallOnceAt80k = (i, rate) -> rate == 80_000 && i == 2
                ? StepBuilder.step(i, rate).target(rate).stall(20, 900).build() : knee(i, rate, 90_000);

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, stallOnceAt80k, (i, rate) -> knee(i, rate, 90_000));

        assertThat(steps.get(0)).extracting(StepMeasurement::targetRecordsPerSecond).containsExactly(25_000.0, 50_000.0, 80_000.0, 80_000.0, 90_000.0);
        assertThat(search.result(steps.get(0), steps.get(1)).orElseThrow().recordsPerSecond()).isEqualTo(85_500);
    }

    private static SustainableSearch search() {
        return new SustainableSearch(DEFAULTS, FRACTIONS, CEILING, FRACTIONS.size() + 4, 2);
    }

    /** Latency 5 ms up to {@code limit}, 1 s (five times the SLO) above it. */
    private static StepMeasurement knee(int index, double offered, double limit) {
        return StepBuilder.step(index, offered).target(offered).p99Ms(offered <= limit ? 5 : 1000).build();
    }

    @Test
    void should_narrow_between_last_passing_and_first_failing_rate_to_within_five_percent() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> knee(i, rate, 43_000));

        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).isLessThanOrEqualTo(43_000).isGreaterThanOrEqualTo(43_000 * 0.95);
        assertThat(paced).hasSizeLessThanOrEqualTo(FRACTIONS.size() + 4);
        assertThat(found.limitedBy()).contains("p99 1.00 s > SLO 200 ms").contains("searched to within");
    }

    @Test
    void should_narrow_up_to_the_ceiling_when_no_fraction_fails() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> knee(i, rate, Double.MAX_VALUE));

        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 50_000.0, 80_000.0);
        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).isGreaterThanOrEqualTo(0.95 * CEILING).isLessThan(CEILING);
        assertThat(found.limitedBy()).startsWith("no threshold reached up to 9").contains("ceiling 100,000 msgs/s");
    }

    @Test
    void should_find_a_limit_that_lies_between_the_highest_fraction_and_the_ceiling() {
        // issue 19: stopping at the highest passing fraction made the answer 0.8 × a ceiling that itself scatters
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> costly(i, rate, 90_000, 0));

        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).isGreaterThanOrEqualTo(0.95 * 90_000).isLessThanOrEqualTo(90_000);
        assertThat(found.limitedBy()).contains("broker-1 CPU").contains("> 75 %");
    }

    @Test
    void should_measure_a_noisy_failure_again_before_it_counts() {
        SustainableSearch search = search();
        boolean[] spiked = {false};

        // the first step at 50k has one GC-like spike (p99 250 ms, under twice the SLO); the cluster holds 60k
        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> {
            if (rate == 50_000 && !spiked[0]) {
                spiked[0] = true;
                return StepBuilder.step(i, rate).target(rate).p99Ms(250).build();
            }
            return knee(i, rate, 60_000);
        });

        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 50_000.0, 50_000.0, 80_000.0);
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isGreaterThan(50_000).isLessThanOrEqualTo(60_000);
    }

    @Test
    void should_measure_the_lowest_failing_rate_again_when_a_busy_broker_failed_it_once() {
        SustainableSearch search = search();
        boolean[] busy = {false};

        // right after the saturating steps broker-1 is busy with their leftovers during the first paced step only;
        // the load itself holds 60k
        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> {
            if (!busy[0]) {
                busy[0] = true;
                return StepBuilder.step(i, rate).target(rate).cpu("broker-1", 0.47, 0.5).build();
            }
            return StepBuilder.step(i, rate).target(rate).p99Ms(rate <= 60_000 ? 5 : 1000).cpu("broker-1", 0.1, 0.5).build();
        });

        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 25_000.0, 50_000.0, 80_000.0);
        assertThat(search.result(paced).orElseThrow().recordsPerSecond()).isGreaterThan(50_000).isLessThanOrEqualTo(60_000);
    }

    @Test
    void should_not_measure_again_a_rate_the_cluster_did_not_deliver() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> rate <= 30_000
                ? StepBuilder.step(i, rate).target(rate).build()
                : StepBuilder.step(i, 0.5 * rate).target(rate).build());

        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 50_000.0, 37_500.0);
        assertThat(search.result(paced).orElseThrow().limitedBy()).contains("acknowledged").doesNotContain("measured 2 times");
    }

    @Test
    void should_count_a_failure_that_repeats() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) ->
                StepBuilder.step(i, rate).target(rate).p99Ms(rate <= 30_000 ? 5 : 300).build());

        assertThat(paced).extracting(StepMeasurement::targetRecordsPerSecond).startsWith(25_000.0, 50_000.0, 50_000.0);
        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).isLessThanOrEqualTo(30_000).isGreaterThan(25_000);
        assertThat(found.limitedBy()).contains("p99 300 ms > SLO 200 ms");
    }

    @Test
    void should_say_why_there_is_no_sustainable_load_within_its_step_budget() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> StepBuilder.step(i, rate).target(rate)
                .cpu("broker-1", 0.49, 0.5).build());

        assertThat(search.result(paced)).isEmpty();
        assertThat(paced).hasSize(FRACTIONS.size() + 4);
        assertThat(search.noneReason(paced)).startsWith("broker-1 CPU 98 % > 75 %");
    }

    @Test
    void should_say_why_there_is_no_sustainable_load_when_only_a_hold_failed() {
        SustainableSearch search = search();
        // the only rate passed its short step; its hold, 5 % below, failed on latency
        List<StepMeasurement> paced = List.of(StepBuilder.step(7, 20_000).target(20_000).p99Ms(17).build());
        double holdRate = SustainableSearch.holdRate(20_000);
        List<StepMeasurement> held = List.of(StepBuilder.step(8, holdRate).target(holdRate).p99Ms(2_841).build());

        assertThat(search.result(paced, held)).isEmpty();
        assertThat(search.noneReason(paced, held)).startsWith("p99 2.84 s > SLO 200 ms at step 8, 19,000 msgs/s offered and held");
    }

    @Test
    void should_fail_a_paced_step_that_does_not_deliver_its_offered_rate() {
        StepMeasurement shortOfIt = StepBuilder.step(0, 30_000).target(50_000).build();

        assertThat(search().breaches(shortOfIt)).containsExactly("acknowledged 30,000 msgs/s of 50,000 msgs/s offered");
    }

    @Test
    void should_count_the_host_cpu_when_brokers_and_client_share_it() {
        StepMeasurement busyHost = StepBuilder.step(0, 30_000).target(30_000).cpu("host", 1.9, 2).cpu("client", 0.6, 2).build();

        assertThat(search().breaches(busyHost)).containsExactly("host CPU 95 % > 75 %");
    }

    /** Broker CPU at the true cost of the rate (75 % at {@code limit}) plus {@code disturbance} points. */
    private static StepMeasurement costly(int index, double offered, double limit, double disturbancePct) {
        double pct = 75 * offered / limit + disturbancePct;
        return StepBuilder.step(index, offered).target(offered).cpu("broker-1", 0.5 * pct / 100, 0.5).build();
    }

    /** broker-1's CPU as {@link #costly} reads it, and above {@code tailFrom} a p99 of 300 ms in every second: a tail that lasts. */
    private static StepMeasurement tailingAbove(int index, double offered, double cpuLimit, double tailFrom) {
        StepBuilder step = StepBuilder.step(index, offered).target(offered).cpu("broker-1", 0.5 * 0.75 * offered / cpuLimit, 0.5);
        return (offered > tailFrom ? step.seconds(300, 300, 300, 300, 300) : step.seconds(5, 5, 5, 5, 5)).build();
    }

    @Test
    void should_judge_a_holds_utilisation_on_the_line_through_every_paced_step_and_hold() {
        // the broker's CPU follows one line up to 78k; a hold reads it 8 points higher, as a 12-second step here lies off
        // the line by a standard deviation of 6.7 points: on its own it fails, on the line its one reading moves it passes
        // (the line it lifts may fail the rate just under the threshold, and the next answer is held)
        SustainableSearch drifting = search();
        List<List<StepMeasurement>> steps = SearchRuns.runHolding(drifting, (i, rate) -> costly(i, rate, 78_000, 0),
                (i, rate) -> costly(i, rate, 78_000, 8));

        SustainablePoint found = drifting.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.heldStep()).isNotNull();
        StepMeasurement hold = steps.get(1).stream().filter(h -> h.index() == found.heldStep()).findFirst().orElseThrow();
        String own = "broker-1 CPU " + HumanUnits.pct(75 * hold.targetRecordsPerSecond() / 78_000 + 8) + " > 75 %";
        assertThat(drifting.breaches(hold)).containsExactly(own);
        assertThat(found.recordsPerSecond()).isGreaterThan(0.9 * 78_000);
        assertThat(found.limitedBy()).endsWith("its search passed (on its own readings " + own
                + ": a utilisation is judged on the line through every paced step and hold)");

        // a hold that saturates the broker (over 85 % of its cores) failed on its own reading, whatever the line says:
        // the next answer is held, and it fails too
        SustainableSearch saturated = search();
        List<List<StepMeasurement>> over = SearchRuns.runHolding(saturated, (i, rate) -> costly(i, rate, 78_000, 0),
                (i, rate) -> costly(i, rate, 78_000, 60));
        assertThat(over.get(1)).hasSizeGreaterThan(1);
        assertThat(over.get(1).get(1).targetRecordsPerSecond()).isLessThan(over.get(1).get(0).targetRecordsPerSecond());
        SustainablePoint under = saturated.result(over.get(0), over.get(1)).orElseThrow();
        assertThat(under.heldStep()).isNull();
        assertThat(under.limitedBy()).startsWith("broker-1 CPU " + HumanUnits.pct(75 * over.get(1).get(1).targetRecordsPerSecond() / 78_000 + 60)
                + " > 75 % at step " + over.get(1).get(1).index() + ", ").contains("offered and held (the search had passed ")
                .doesNotContain("(utilisation on the line through every paced step and hold)");
    }

    @Test
    void should_find_where_the_broker_cpu_crosses_its_threshold() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> costly(i, rate, 60_000, 0));

        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).as("offered %s", paced.stream().map(StepMeasurement::targetRecordsPerSecond).toList())
                .isGreaterThanOrEqualTo(0.95 * 60_000).isLessThanOrEqualTo(60_000);
        assertThat(found.limitedBy()).contains("broker-1 CPU").contains("> 75 %");
    }

    @Test
    void should_say_when_the_cpu_that_bounds_the_answer_barely_followed_the_rate() {
        // issue 39: a 0.3-core broker read 0.20-0.26 cores at every paced rate from 23k to 49k msgs/s, its producer's
        // requests as many at each; its sustainable load was 23.7, 40.6 and 35.2 MB/s in three runs of one build
        // (62 % at no load, 75 % at 13/15 of the ceiling; 5 % dearer, 71.4 % is reached at 9.4/15 of it: 27 % lower)
        SustainableSearch flat = search();
        SustainableSearch proportional = search();

        List<StepMeasurement> flatSteps = SearchRuns.run(flat, (i, rate) -> StepBuilder.step(i, rate).target(rate)
                .cpu("broker-1", 0.5 * (62 + 15 * rate / CEILING) / 100, 0.5).build());
        List<StepMeasurement> proportionalSteps = SearchRuns.run(proportional, (i, rate) -> costly(i, rate, 60_000, 0));

        assertThat(flat.result(flatSteps).orElseThrow().limitedBy()).contains("broker-1 CPU").contains("> 75 %")
                .containsPattern("broker-1 CPU rose \\d+ points from [0-9,]+ to [0-9,]+ msgs/s, where a cost proportional to the"
                        + " rate rises \\d+; 5 % dearer, it would cross at [0-9,]+ msgs/s instead of [0-9,]+ \\(27 % lower\\): a cost"
                        + " the rate barely moves");
        assertThat(proportional.result(proportionalSteps).orElseThrow().limitedBy()).contains("broker-1 CPU")
                .doesNotContain("barely");
    }

    @Test
    void should_spend_no_step_repeating_a_utilisation_failure_once_a_lower_rate_passed() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> costly(i, rate, 60_000, 0));

        List<Double> offered = paced.stream().map(StepMeasurement::targetRecordsPerSecond).toList();
        assertThat(offered).doesNotHaveDuplicates();
    }

    /**
     * Broker CPU flat at 30 % up to 40k, then growing with the square of the excess: 75 % at {@code limit}; at most 100 %,
     * as under a quota.
     */
    private static StepMeasurement steepening(int index, double offered, double limit) {
        double excess = Math.max(0, (offered - 40_000) / (limit - 40_000));
        double pct = Math.min(100, 30 + 45 * excess * excess);
        return StepBuilder.step(index, offered).target(offered).cpu("broker-1", 0.5 * pct / 100, 0.5).build();
    }

    @Test
    void should_narrow_to_the_limit_where_the_cost_steepens_near_it() {
        // issue 19: a line through readings that steepen near the limit aimed next to one end again and again, each
        // step narrowing the gap by a sliver, until the budget was spent far from the limit (answers within 2 % above
        // the limit are the line's judgement of a step that read a point over it)
        for (double limit : List.of(55_000.0, 62_000.0, 70_000.0, 76_000.0)) {
            SustainableSearch search = search();

            List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> steepening(i, rate, limit));

            SustainablePoint found = search.result(paced).orElseThrow();
            assertThat(found.recordsPerSecond()).as("limit %s, offered %s", limit,
                    paced.stream().map(StepMeasurement::targetRecordsPerSecond).toList()).isBetween(0.93 * limit, 1.02 * limit);
        }
    }

    @Test
    void should_find_nearly_the_same_load_in_clusters_whose_cpu_readings_scatter_by_twenty_points() {
        // issue 19: per-step broker CPU under a half-core quota scatters by tens of points at one rate; the answer
        // must not follow the scatter. 40 seeded clusters, the same cost (75 % at 60k), readings ±20 points.
        List<Double> found = new ArrayList<>();
        for (int seed = 0; seed < 40; seed++) {
            java.util.Random noise = new java.util.Random(seed);
            SustainableSearch search = search();
            List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> costly(i, rate, 60_000, 40 * noise.nextDouble() - 20));
            found.add(search.result(paced).map(SustainablePoint::recordsPerSecond).orElse(0.0));
        }
        List<Double> sorted = found.stream().sorted().toList();
        double median = sorted.get(sorted.size() / 2);
        double low = sorted.get(sorted.size() / 10);
        double high = sorted.get(sorted.size() - 1 - sorted.size() / 10);
        assertThat(median).isBetween(0.85 * 60_000, 1.1 * 60_000);
        assertThat(low).as("10th percentile of %s", sorted).isGreaterThan(0.85 * median);
        assertThat(high).as("90th percentile of %s", sorted).isLessThan(1.15 * median);
    }

    /** Broker CPU as one probe here read it on broker-ceiling (ceiling 333k msgs/s): rising, then flat near 79 %. */
    private static StepMeasurement flattening(int index, double offered) {
        double[][] read = {{0, 0}, {83_000, 34}, {167_000, 63}, {200_000, 67}, {234_000, 77}, {237_000, 79}, {400_000, 79}};
        int i = 1;
        while (read[i][0] < offered) {
            i++;
        }
        double share = (offered - read[i - 1][0]) / (read[i][0] - read[i - 1][0]);
        double pct = read[i - 1][1] + share * (read[i][1] - read[i - 1][1]);
        return StepBuilder.step(index, offered).target(offered).cpu("broker-1", 0.5 * pct / 100, 0.5).build();
    }

    @Test
    void should_narrow_on_past_its_budget_when_a_pass_turned_into_a_failure_and_left_the_gap_wide() {
        // issue 19: a rate that passed failed once the line took in the flat readings above it; the gap reopened from
        // 200k to 234k with the budget spent, and that run's answer stood 15 % below its neighbours'
        SustainableSearch search = new SustainableSearch(DEFAULTS, FRACTIONS, 333_400, FRACTIONS.size() + 4, 3);

        List<StepMeasurement> paced = SearchRuns.run(search, SustainableSearchTest::flattening);

        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.searchedWithinPct()).as("offered %s", paced.stream().map(StepMeasurement::targetRecordsPerSecond).toList())
                .isLessThanOrEqualTo(100 * SustainableSearch.WIDE_GAP);
        assertThat(paced).hasSizeLessThanOrEqualTo(FRACTIONS.size() + 4 + SustainableSearch.EXTRA_STEPS);
    }
}
