package io.mqprobe.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.report.Samples;
import io.mqprobe.report.TerminalSummary;
import io.mqprobe.result.ResultReading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** The sweep's section, found by the report through the section seam: its studies charted, and each run's one line. */
@Timeout(30)
class SweepSectionTest {

    @Test
    void should_chart_every_sweep_metric_over_the_values_and_mark_a_failed_cell_in_the_heat_map() {
        String html = Samples.html(Samples.load(Samples.SWEEP_GRID));

        String sweep = html.substring(html.indexOf("<section class=\"card\" id=\"sweep\">"));
        assertThat(sweep).contains("<h3>batch.size × linger.ms</h3>");
        // one chart per metric the runs reported: throughput, records/s, client and broker CPU, batch, per request, errors
        var specs = Samples.chartSpecs(html);
        assertThat(specs).hasSize(7);
        assertThat(specs.get(0).get("x").get("labels")).hasSize(4);
        assertThat(Samples.datasetLabels(Samples.JSON.createArrayNode().add(specs.get(0)))).containsExactly("mean", "run 1", "run 2");
        assertThat(sweep).contains("<table class=\"heatmap\">").contains("<td class=\"failed\">failed</td>");
        assertThat(sweep).contains("batch.size=65536 linger.ms=5: nothing acknowledged");
    }

    @Test
    void should_give_each_run_its_measured_figure_or_its_failure_as_the_whole_result() {
        JsonNode result = Samples.load(Samples.SWEEP_GRID);

        String text = TerminalSummary.render(ResultReading.document(result, "the sweep sample"), false);

        assertThat(text).contains("  measured ").contains("  failed: nothing acknowledged").doesNotContain("  sweep ");
    }
}
