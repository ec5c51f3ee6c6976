package io.mqprobe.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.report.Samples;
import io.mqprobe.result.ResultJson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The soak's verdict in the HTML report: its card, and the minutes as charts with the minute that broke marked. */
class SoakSectionTest {

    @Test
    void should_draw_the_minutes_and_mark_the_minute_that_broke() {
        SoakVerdict verdict = new SoakRecording(300).p99Us(s -> s >= 200 ? 450_000 : 10_000).cache(s -> 3e7, s -> 8e6)
                .catchUp(30, 1e7).judge(Duration.ofMinutes(5), 30e9, false);

        String html = Samples.html(withVerdict(verdict));

        assertThat(html).contains("did not hold</strong> broke at 3 min 20 s: p99 450 ms &gt; SLO 200 ms in minute 4 (2 of 5 minutes")
                .contains("Soak, minute by minute")
                .contains("beyond what any page cache holds (3.0 s): it reads from disk");
        List<String> titles = Samples.datasetLabels(Samples.chartSpecs(html));
        JsonNode marked = null;
        for (JsonNode chart : Samples.chartSpecs(html)) {
            for (JsonNode d : chart.path("datasets")) {
                if ("broke".equals(d.path("label").asText())) {
                    marked = d.get("data");
                }
            }
        }
        assertThat(titles).contains("throughput", "p99", "catch-up group", "broker-1", "broker-3");
        assertThat(marked).as("the break's marker").isNotNull();
        assertThat(marked.get(3).asDouble()).as("on minute 4").isEqualTo(450.0);
    }

    @Test
    void should_mark_the_minutes_that_rolled_or_deleted_segments_and_paused_long() {
        SoakVerdict verdict = new SoakRecording(300).segments(s -> s < 120 ? 4 + s / 30 : (s % 30 < 10 ? 8 : 7))
                .gcMsPerS(s -> s == 150 ? 250 : 5).judge(Duration.ofMinutes(5), 30e9, false);

        String html = Samples.html(withVerdict(verdict));

        assertThat(html).contains("segments: 27 rolled, 18 deleted by retention");
        assertThat(marks(html, "segments rolled")).containsExactly(true, true, true, true, true);
        assertThat(marks(html, "segments deleted by retention")).containsExactly(false, false, true, true, true);
        assertThat(marks(html, "long collections")).containsExactly(false, false, true, false, false);
    }

    @Test
    void should_read_a_soak_written_by_the_previous_release() {
        SoakVerdict verdict = new SoakRecording(300).p99Us(s -> s >= 200 ? 450_000 : 10_000).judge(Duration.ofMinutes(5), 30e9, false);
        ObjectNode result = withVerdict(verdict);
        ObjectNode older = (ObjectNode) result.withArray("scenarios").get(0).get("verdict");
        // the previous release kept each broker's CPU in its minute, and had no events or per-process CPU
        older.remove("events");
        for (JsonNode minute : older.get("minutes")) {
            ((ObjectNode) minute).remove("cpu");
            ((ObjectNode) minute.get("brokers").get("broker-1")).put("cpuCores", 0.38);
        }

        assertThat(Samples.html(result)).contains("did not hold</strong> broke at 3 min 20 s")
                .doesNotContain("could not be read");
    }

    /** Per minute, whether the dataset labelled {@code label} marks it. */
    private static List<Boolean> marks(String html, String label) {
        for (JsonNode chart : Samples.chartSpecs(html)) {
            for (JsonNode d : chart.path("datasets")) {
                if (label.equals(d.path("label").asText())) {
                    List<Boolean> marked = new java.util.ArrayList<>();
                    d.get("data").forEach(v -> marked.add(!v.isNull()));
                    return marked;
                }
            }
        }
        throw new AssertionError("no dataset " + label);
    }

    @Test
    void should_say_held_for_a_soak_that_held() {
        SoakVerdict verdict = new SoakRecording(300).judge(Duration.ofMinutes(5), 30e9, false);

        assertThat(Samples.html(withVerdict(verdict))).contains("held</strong> held 10.0 MB/s for 5 min 0 s")
                .contains("none beyond the minutes' noise");
    }

    @Test
    void should_head_each_soak_of_a_corrected_run_with_the_rate_it_tried() {
        SoakVerdict broke = new SoakRecording(300).p99Us(s -> 450_000).judge(Duration.ofMinutes(5), 30e9, false);
        SoakVerdict held = new SoakRecording(300).judge(Duration.ofMinutes(5), 30e9, false);
        ObjectNode result = withVerdict(broke);
        ObjectNode correction = ((ObjectNode) result.withArray("scenarios").get(0)).deepCopy().put("name", "soak-2");
        correction.set("verdict", ResultJson.MAPPER.valueToTree(held));
        result.withArray("scenarios").add(correction);

        String html = Samples.html(result);

        assertThat(html).contains("<h2>Soak, minute by minute: the rate asked</h2>")
                .contains("<h2>Soak, minute by minute: correction 1</h2>");
        assertThat(html.indexOf(": the rate asked</h2>")).isLessThan(html.indexOf(": correction 1</h2>"));
        assertThat(Samples.html(withVerdict(held))).contains("<h2>Soak, minute by minute</h2>");
    }

    /** The e2e sample with its one scenario judged as a soak, as a soak's result file reads. */
    private static ObjectNode withVerdict(SoakVerdict verdict) {
        ObjectNode result = Samples.load(Samples.E2E);
        ((ObjectNode) result.withArray("scenarios").get(0)).set("verdict", ResultJson.MAPPER.valueToTree(verdict));
        return result;
    }
}
