package io.mqprobe.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class PlanLimitTextTest {

    @Test
    void should_word_the_full_line_with_growth_years_and_what_it_rests_on() {
        assertThat(PlanLimitText.line("CPU", 45, 80, 1.777, 2.34, "3 runs"))
                .isEqualTo("CPU at 45 % at the planned peak (its threshold 80 %): the peak can grow ×1.8 before it is reached "
                        + "(2.3 years at the planned growth); 3 runs");
        assertThat(PlanLimitText.line("NIC", 0, 70, null, null, "nic ceiling"))
                .isEqualTo("NIC at 0 % at the planned peak (its threshold 70 %): not used at all; nic ceiling");
    }

    @Test
    void should_name_no_threshold_for_a_limit_used_up_only_in_full() {
        assertThat(PlanLimitText.line("sustainable load", 65, 100, 1.54, null, "118.8 MB/s per broker"))
                .isEqualTo("sustainable load at 65 % at the planned peak: the peak can grow ×1.5 before it is reached; "
                        + "118.8 MB/s per broker");
    }

    @Test
    void should_word_the_brief_line_without_years_and_what_it_rests_on_in_brackets() {
        assertThat(PlanLimitText.brief("CPU", 45, 80, 1.777, "3 runs"))
                .isEqualTo("CPU at 45 % at the planned peak (its threshold 80 %), the peak can grow ×1.8 (3 runs)");
        assertThat(PlanLimitText.brief("NIC", 2.5, 70, null, "nic ceiling"))
                .isEqualTo("NIC at 2.5 % at the planned peak (its threshold 70 %) (nic ceiling)");
    }
}
