package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class HostSpeedTest {

    private static final String LINE = "host: memory copied 12,000 MB per CPU-second (the median of the measured steps; "
            + "9,000-14,000), a core hashed 1,500 MB of SHA-256: figures bound by CPU follow the memory's speed, see it "
            + "beside each scenario in mqprobe compare";

    @Test
    void should_state_the_hosts_speed_over_the_measured_steps_in_every_report() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        Samples.hostReadings(result, "single", "mem.speed.mb_per_cpu_s", 9_000, 12_000, 12_000, 14_000);
        Samples.hostReadings(result, "broker-ceiling", "mem.speed.mb_per_cpu_s", 11_000, 12_000, 13_000, 12_500, 99_000);
        Samples.hostReadings(result, "single", "cpu.speed.mb_per_cpu_s", 1_500);
        // a step a stop cut before its window read nothing of the load: its 99,000 does not count
        ((ObjectNode) result.withArray("scenarios").get(1).withArray("steps").get(4)).put("measuredMs", 0);

        assertThat(TerminalSummary.render(Typed.document(result), Ansi.of(false, Map.of()))).contains("\n  " + LINE + "\n");
        assertThat(MarkdownReport.render(Typed.document(result))).contains("\n" + LINE + "\n");
        assertThat(Samples.html(result)).contains("<p class=\"meta\">" + Html.esc(LINE) + "</p>");
    }

    @Test
    void should_say_nothing_of_a_host_no_step_read() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);

        assertThat(TerminalSummary.render(Typed.document(result), Ansi.of(false, Map.of()))).doesNotContain("host:");
        assertThat(HostSpeed.line(Typed.document(result))).isEmpty();
    }
}
