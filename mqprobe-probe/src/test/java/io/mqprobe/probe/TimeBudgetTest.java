package io.mqprobe.probe;

import io.mqprobe.search.SustainableSearch.Narrowing;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class TimeBudgetTest {

    private static final Instant START = Instant.parse("2026-12-05T17:00:00Z");

    @Test
    void should_give_each_scenario_an_even_share_of_what_is_left_but_the_reserve() {
        TimeBudget budget = new TimeBudget(START.plus(Duration.ofMinutes(8)), Clock.fixed(START, ZoneOffset.UTC));

        // 8 min less the reserve, over four scenarios
        Duration shared = Duration.ofMinutes(8).minus(TimeBudget.RESERVE);
        assertThat(budget.shareEnd(4)).isEqualTo(START.plus(shared.dividedBy(4)));
        assertThat(budget.shareEnd(1)).isEqualTo(START.plus(shared));
    }

    @Test
    void should_hand_a_late_scenario_what_is_left_and_a_scenario_past_the_end_nothing() {
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(300), ZoneOffset.UTC));
        assertThat(budget.shareEnd(2)).isEqualTo(START.plusSeconds(300).plus(Duration.ofSeconds(180).minus(TimeBudget.RESERVE).dividedBy(2)));

        TimeBudget over = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(470), ZoneOffset.UTC));
        assertThat(over.shareEnd(1)).isEqualTo(START.plusSeconds(470));
        assertThat(over.passed(START.plusSeconds(469))).isTrue();
        assertThat(over.passed(START.plusSeconds(470))).isFalse();
        assertThat(over.narrowing(START.plusSeconds(470), 0, Duration.ZERO, Duration.ZERO)).isEqualTo(Narrowing.OUT_OF_TIME);
        assertThat(over.left()).isEqualTo(Duration.ofSeconds(10));
        assertThat(new TimeBudget(START, over.clock()).left()).isEqualTo(Duration.ZERO);
    }

    @Test
    void should_run_out_of_time_for_a_scenario_when_only_what_the_ones_after_it_need_is_left() {
        // 185 s left: two scenarios after this one with 60 s ramps need 2 × (20 + 60 + 45) s, and the reserve is kept back
        Instant now = START.plusSeconds(295);
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(now, ZoneOffset.UTC));
        Duration need = TimeBudget.WARM_UP.plus(Duration.ofSeconds(60)).plus(TimeBudget.FRACTIONS_AND_HOLD).multipliedBy(2)
                .plus(TimeBudget.RESERVE);
        assertThat(need).isGreaterThan(Duration.ofSeconds(185));
        Instant shareAhead = now.plusSeconds(1);
        Instant sharePassed = now.minusSeconds(1);

        assertThat(budget.narrowing(shareAhead, 2, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.OUT_OF_TIME);
        assertThat(budget.narrowing(shareAhead, 1, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.FULL);
        assertThat(budget.narrowing(sharePassed, 1, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.SHORT_OF_TIME);
        assertThat(budget.narrowing(sharePassed, 0, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.SHORT_OF_TIME);
    }

    @Test
    void should_keep_for_the_last_scenario_its_ramp_fractions_step_and_holds_and_the_reserve() {
        // 2026-12-06 02:15, run 2: replicated-all went out of time 130 s before the mark, finished its own step and
        // holds, and replicated-leader's 56 s ramp, fractions, step and second hold ended the probe 15 s past 8 minutes
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(350), ZoneOffset.UTC));

        assertThat(budget.narrowing(START.plusSeconds(400), 1, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.OUT_OF_TIME);
        assertThat(budget.narrowing(START.plusSeconds(400), 1, Duration.ZERO, Duration.ofSeconds(5))).isEqualTo(Narrowing.FULL);
    }

    @Test
    void should_keep_back_for_the_last_scenario_its_fractions_step_holds_and_the_shutdown() {
        // 2026-12-06 10:06, run 1: replicated-leader's ramp ended 20 s before the 8 minutes' mark, less than its fractions,
        // one narrowing step and hold (32 s) and the deletion of the brokers' data (6.5 s) took, and the probe exited 18 s
        // past its 8 minutes: 50 s before the end, the last search may no longer narrow
        Instant fiftyBefore = START.plusSeconds(430);
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(fiftyBefore, ZoneOffset.UTC));

        assertThat(budget.narrowing(fiftyBefore.plusSeconds(60), 0, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.OUT_OF_TIME);
        TimeBudget earlier = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(400), ZoneOffset.UTC));
        assertThat(earlier.narrowing(START.plusSeconds(460), 0, Duration.ZERO, Duration.ofSeconds(60))).isEqualTo(Narrowing.FULL);
    }

    @Test
    void should_count_a_warm_up_for_each_later_scenario_beside_the_ramps_measured_without_theirs() {
        // 2026-12-06 02:43: single's ramp measured with its 26-30 s warm-up (which also warms mqprobe's send path) made
        // each of the three scenarios after it look that much longer, and every run of single took one narrowing step
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(100), ZoneOffset.UTC));
        Duration rampWithoutWarmUp = Duration.ofSeconds(40);
        Duration needed = TimeBudget.WARM_UP.plus(rampWithoutWarmUp).plus(TimeBudget.FRACTIONS_AND_HOLD).multipliedBy(3)
                .plus(TimeBudget.RESERVE);

        assertThat(needed).isLessThan(Duration.ofSeconds(380));
        assertThat(budget.narrowing(START.plusSeconds(200), 3, Duration.ZERO, rampWithoutWarmUp)).isEqualTo(Narrowing.FULL);
        assertThat(budget.narrowing(START.plusSeconds(200), 3, Duration.ZERO, rampWithoutWarmUp.plusSeconds(30))).isEqualTo(Narrowing.OUT_OF_TIME);
    }

    @Test
    void should_reckon_each_later_scenarios_warm_up_as_long_as_the_longest_this_probe_measured() {
        // series 18:13-19:13 (2026-12-06): single's warm-up took 32-45 s and replicated-all's 29-61 s, where each later
        // scenario was reckoned 20 s; broker-ceiling narrowed on into their time and the probes ended up to 40 s late
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(200), ZoneOffset.UTC));
        Duration ramp = Duration.ofSeconds(35);
        Instant shareAhead = START.plusSeconds(250);
        // 280 s left: the reserve and two scenarios of 20 + 35 + 45 s leave 27 s to narrow, of 40 + 35 + 45 s none

        assertThat(budget.narrowing(shareAhead, 2, Duration.ZERO, ramp)).isEqualTo(Narrowing.FULL);
        assertThat(budget.narrowing(shareAhead, 2, Duration.ofSeconds(15), ramp)).isEqualTo(Narrowing.FULL);
        assertThat(budget.narrowing(shareAhead, 2, Duration.ofSeconds(40), ramp)).isEqualTo(Narrowing.OUT_OF_TIME);
    }

    @Test
    void should_reckon_later_warm_ups_by_the_longest_after_the_first_which_also_warms_the_replication() {
        // series 2026-12-07 04:52, run 1: single's warm-up (its own send path and a replicated topic) took 59 s,
        // broker-ceiling's 6 s, replicated-all's 24 s
        TimeBudget.WarmUps afterSingle = TimeBudget.WarmUps.NONE.took(Duration.ofSeconds(59));
        assertThat(afterSingle.longestAfterFirst()).isEqualTo(Duration.ZERO);
        assertThat(afterSingle.took(Duration.ofSeconds(6)).longestAfterFirst()).isEqualTo(Duration.ofSeconds(6));
        assertThat(afterSingle.took(Duration.ofSeconds(24)).took(Duration.ofSeconds(6)).longestAfterFirst())
                .isEqualTo(Duration.ofSeconds(24));

        // single's first paced step with 6m06s left and three scenarios after it (ramps of 36 s): reckoned 20 s each, the
        // later ones leave it 5 s to narrow; reckoned 59 s each, as long as its own, none
        TimeBudget budget = new TimeBudget(START.plusSeconds(480), Clock.fixed(START.plusSeconds(114), ZoneOffset.UTC));
        Instant shareAhead = START.plusSeconds(150);
        Duration ramp = Duration.ofSeconds(36);
        assertThat(budget.narrowing(shareAhead, 3, afterSingle.longestAfterFirst(), ramp)).isEqualTo(Narrowing.FULL);
        assertThat(budget.narrowing(shareAhead, 3, Duration.ofSeconds(59), ramp)).isEqualTo(Narrowing.OUT_OF_TIME);
    }
}
