package io.mqprobe.cli.probe;

import io.mqprobe.api.UsageException;
import io.mqprobe.probe.RampPlan;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The probe's ramp without options is {@link RampPlan#defaults()}: the one home of the method's defaults. */
class ProbeDefaultsTest {

    @Command(name = "probe-defaults-test")
    static final class Holder {
        @Mixin
        ProbeOptions probe;
    }

    @Test
    void should_ramp_as_the_methods_defaults_when_no_option_changes_it() {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs();

        assertThat(holder.probe.conclude("kafka").settings().plan()).isEqualTo(RampPlan.defaults());
    }

    @Test
    void should_ramp_otherwise_when_an_option_says_so() {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs("--step-duration", "5s");

        assertThat(holder.probe.conclude("kafka").settings().plan()).isNotEqualTo(RampPlan.defaults());
    }

    @Test
    void should_read_the_precision_as_a_percentage_and_name_a_bad_one() {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs("--precision", "7.5 %");
        assertThat(holder.probe.conclude("kafka").settings().plan().precision().halfWidthPct()).isEqualTo(7.5);

        Holder bad = new Holder();
        new CommandLine(bad).parseArgs("--precision", "tight");
        assertThatThrownBy(() -> bad.probe.conclude("kafka")).isInstanceOf(UsageException.class)
                .hasMessage("--precision takes a percentage such as 10 or 'none', got 'tight'");
    }
}
