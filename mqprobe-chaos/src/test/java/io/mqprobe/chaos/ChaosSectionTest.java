package io.mqprobe.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.report.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** The chaos verdict in the HTML report: the verdict table and each fault's window on the per-second chart. */
@Timeout(30)
class ChaosSectionTest {

    @Test
    void should_show_the_verdict_table_and_shade_each_fault_on_the_per_second_chart() throws Exception {
        ObjectNode result = Samples.load(Samples.CHAOS);

        String html = Samples.html(result);

        assertThat(html).contains("FAILED</strong> 43,591 acknowledged: lost 6,361, duplicated 0, reordered 0")
                .contains("<td>kill:leader@8000ms</td><td>2</td><td>done</td>")
                .contains("<td>restart:leader@14000ms</td>")
                .contains("6361 acknowledged messages lost");
        JsonNode bands = null;
        for (JsonNode chart : Samples.chartSpecs(html)) {
            for (JsonNode band : chart.path("bands")) {
                if ("kill:leader@8000ms".equals(band.path("label").asText())) {
                    bands = chart.get("bands");
                }
            }
        }
        assertThat(bands).as("a chart with the kill's window shaded").isNotNull();
        assertThat(bands.toString()).contains("restart:leader@14000ms");
    }

    @Test
    void should_leave_other_verdicts_alone() {
        assertThat(Samples.html(Samples.load(Samples.E2E))).doesNotContain("steps chaos");
    }
}
