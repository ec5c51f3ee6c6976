package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.mqprobe.result.ProbeVerdict;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.result.ResultReading;
import io.mqprobe.search.ScenarioVerdict;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictTextTest {

    @Test
    void should_lead_a_co_limit_with_who_is_tied_and_keep_the_rest_as_its_detail() throws Exception {
        JsonNode verdict = verdict("co-limited", "broker-1+client", "co-limited at the ceiling (steps 2, 3): client CPU 0.37/0.4 cores"
                + " (94 %) and broker-1 CPU 0.36/0.4 cores (91 %) all at saturation within the readings' noise; to tell them apart, ...");

        assertThat(VerdictText.bottleneckHeadline(ResultReading.as(verdict, ScenarioVerdict.class))).isEqualTo("co-limited: broker-1 and client at the ceiling (steps 2, 3)");
        assertThat(VerdictText.bottleneckDetail(ResultReading.as(verdict, ScenarioVerdict.class))).startsWith("client CPU 0.37/0.4 cores (94 %) and broker-1");
    }

    @Test
    void should_take_a_summary_without_detail_whole() throws Exception {
        JsonNode verdict = verdict("cpu", "broker-2", "broker-2 CPU 0.40/0.4 cores (99 %) at the ceiling (steps 1, 2, 3, 4)");

        assertThat(VerdictText.bottleneckHeadline(ResultReading.as(verdict, ScenarioVerdict.class))).isEqualTo("broker-2 CPU 0.40/0.4 cores (99 %) at the ceiling (steps 1, 2, 3, 4)");
        assertThat(VerdictText.bottleneckDetail(ResultReading.as(verdict, ScenarioVerdict.class))).isNull();
    }

    @Test
    void should_end_the_headline_at_whichever_of_colon_and_semicolon_comes_first() throws Exception {
        JsonNode verdict = verdict("none", null, "no measured resource saturated at the knee (step 3); likely a per-partition limit: ...");

        assertThat(VerdictText.bottleneckHeadline(ResultReading.as(verdict, ScenarioVerdict.class))).isEqualTo("no measured resource saturated at the knee (step 3)");
        assertThat(VerdictText.bottleneckDetail(ResultReading.as(verdict, ScenarioVerdict.class))).isEqualTo("likely a per-partition limit: ...");
    }

    @Test
    void should_fold_the_detail_and_every_figure_beneath_the_headline_in_html() throws Exception {
        JsonNode verdict = verdict("cpu", "host", "host CPU 92 % of its cores over the ceiling's steps: the machine's cores ran out");

        // a probe's verdict as result.json holds it: with its kind
        ProbeVerdict probe = (ProbeVerdict) Typed.verdict(((ObjectNode) verdict.deepCopy()).put("kind", "probe"));

        String html = HtmlScenario.bottleneck(probe, "");

        assertThat(html).startsWith("<strong>host CPU 92 % of its cores over the ceiling&#39;s steps</strong><details class=\"evidence\">"
                + "<summary>how it shows (2 figures)</summary><p>the machine&#39;s cores ran out</p>"
                + "<ul><li>host CPU 1.84/2 cores (92 %)</li><li>iowait 1.0 % (host)</li></ul></details>");
    }

    private static JsonNode verdict(String resource, String source, String summary) throws Exception {
        var bottleneck = Samples.JSON.createObjectNode().put("resource", resource).put("summary", summary);
        if (source != null) {
            bottleneck.put("source", source);
        }
        bottleneck.putArray("evidence").add("host CPU 1.84/2 cores (92 %)").add("iowait 1.0 % (host)");
        var verdict = Samples.JSON.createObjectNode();
        verdict.set("bottleneck", bottleneck);
        return verdict;
    }
}
