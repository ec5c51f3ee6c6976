package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class HtmlReportTest {

    @Test
    void should_render_a_section_with_scaling_charts_for_every_probe_scenario() {
        JsonNode result = Samples.load(Samples.FULL_PROBE);
        String html = Samples.html(result);

        assertThat(html).contains("<div class=\"status complete\">complete</div>", "3 × 48.5 MB/s");
        List<JsonNode> scenarios = Fields.objects(result, "scenarios");
        for (int i = 0; i < scenarios.size(); i++) {
            String section = Samples.section(html, "scenario-" + i);
            assertThat(section).contains(scenarios.get(i).get("name").asText(), "Throughput vs load", "p99 latency vs load",
                    "Per second", "Resources during");
            String steps = section.substring(section.indexOf("<table class=\"steps\">"));
            assertThat(Samples.count(steps.substring(0, steps.indexOf("</table>")), "<tr")).as("header + one row per step")
                    .isEqualTo(1 + scenarios.get(i).get("steps").size());
        }
        assertThat(Samples.count(html, "<canvas")).isEqualTo(Samples.chartSpecs(html).size())
                .isEqualTo(Integer.parseInt(attribute(html, "data-charts-expected")));
    }

    @Test
    void should_mark_ceiling_knee_and_sustainable_on_the_steps_the_verdict_names() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        JsonNode scenario = result.get("scenarios").get(1);
        JsonNode steps = scenario.get("steps");

        JsonNode throughput = null;
        for (JsonNode spec : Samples.chartSpecs(Samples.html(result))) {
            JsonNode first = spec.at("/datasets/0");
            if (first.path("label").asText().equals("throughput (bytes/s)")
                    && first.at("/data/0").asLong() == Math.round(steps.at("/0/bytesPerSecond").asDouble())) {
                throughput = spec;
            }
        }
        assertThat(throughput).as("the throughput chart of scenario " + scenario.get("name")).isNotNull();
        for (String point : List.of("ceiling", "knee", "sustainable")) {
            int step = scenario.at("/verdict/" + point + "/step").asInt();
            JsonNode marker = null;
            for (JsonNode d : throughput.get("datasets")) {
                if (d.get("label").asText().startsWith(point + " (")) {
                    marker = d;
                }
            }
            assertThat(marker).as(point).isNotNull();
            assertThat(marker.get("data").size()).isEqualTo(steps.size());
            assertThat(marker.get("data").get(step).asLong()).as(point)
                    .isEqualTo(Math.round(steps.get(step).get("bytesPerSecond").asDouble()));
            int nonNull = 0;
            for (JsonNode v : marker.get("data")) {
                nonNull += v.isNull() ? 0 : 1;
            }
            assertThat(nonNull).isEqualTo(1);
        }
    }

    @Test
    void should_highlight_the_bottleneck_chart_and_draw_its_source_bold() {
        String html = Samples.html(Samples.load(Samples.FULL_PROBE));
        String brokerCeiling = Samples.section(html, "scenario-1");

        assertThat(Samples.count(brokerCeiling, "<figure class=\"chart hot\">")).isEqualTo(1);
        Matcher hot = Pattern.compile("<figure class=\"chart hot\"><figcaption><span class=\"chart-title\">([^<]*)<").matcher(brokerCeiling);
        assertThat(hot.find()).isTrue();
        assertThat(hot.group(1)).startsWith("CPU");
        assertThat(Samples.datasetLabels(Samples.chartSpecs(html))).contains("broker-1 (bottleneck)", "broker-2 rx (bottleneck)");
    }

    @Test
    void should_show_interrupted_run_as_incomplete_with_its_partial_scenario() {
        String html = Samples.html(Samples.load(Samples.INTERRUPTED));

        assertThat(html).contains("<div class=\"status interrupted\">INCOMPLETE — interrupted</div>",
                "incomplete after 2 steps", "<span class=\"badge warn\">incomplete</span>");
        assertThat(Samples.section(html, "scenario-1")).contains("Throughput vs load").doesNotContain("<dl class=\"verdict\">");
    }

    @Test
    void should_show_failure_reason_in_the_banner() {
        ObjectNode result = Samples.load(Samples.INTERRUPTED);
        result.put("failure", "broker 2 died: connection refused");

        assertThat(Samples.html(result)).contains("<div class=\"status failed\">FAILED — broker 2 died: connection refused</div>");
    }

    @Test
    void should_render_an_empty_incomplete_document_without_charts() {
        String html = Samples.html(Samples.load(Samples.EMPTY));

        assertThat(html).contains("INCOMPLETE", "No scenario has finished a step yet.");
        assertThat(Samples.chartSpecs(html)).isEmpty();
        assertThat(attribute(html, "data-charts-expected")).isEqualTo("0");
    }

    @Test
    void should_render_a_single_step_run_with_per_second_and_resource_charts_but_no_curve() {
        String html = Samples.html(Samples.load(Samples.E2E));

        assertThat(html).contains("Per second", "CPU (cores busy)", "e2e p99", "lost 0 · dup 2 · out-of-order 0",
                "4 (NotLeaderOrFollowerException 1, TimeoutException 3)", "20.5 MB/s · 20,000 msgs/s · p99 4.1 ms");
        assertThat(html).doesNotContain("Throughput vs load");
        assertThat(Samples.datasetLabels(Samples.chartSpecs(html))).contains("consumed/s", "end-to-end p99", "seconds with send errors");
    }

    @Test
    void should_tolerate_unknown_fields_unknown_figures_and_missing_sections() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        result.put("someFutureField", "x").putObject("anotherOne").put("deep", 1);
        ObjectNode step = (ObjectNode) result.get("scenarios").get(0).get("steps").get(0);
        step.putNull("bytesPerSecond").putNull("latencyUs");
        step.remove("resources");
        ((ObjectNode) result.get("scenarios").get(1)).remove("verdict");
        ((ObjectNode) result.get("scenarios").get(2)).put("skipped", "target has 1 broker");
        result.remove(List.of("environment", "ceilings", "summary"));
        ((ArrayNode) result.get("timeline")).addObject().put("value", 1);

        String html = Samples.html(result);

        assertThat(html).contains("Skipped: target has 1 broker", "no verdict after 5 steps").endsWith("</html>\n");
        assertThat(Samples.section(html, "scenario-0")).contains("<td class=\"num\">–</td>");
    }

    @Test
    void should_refuse_in_one_line_a_document_whose_figures_have_the_wrong_type() {
        // the report reads result.json as the records that wrote it (ResultReading): a figure of the wrong type is not
        // read as unmeasured any more, the document is named as not a result in one line
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        ((ObjectNode) result.get("scenarios").get(0).get("steps").get(0)).put("bytesPerSecond", "fast");

        assertThatThrownBy(() -> Samples.html(result)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("the sample does not read as a result document at scenarios[0].steps[0].bytesPerSecond: ")
                .hasMessageContaining("\"fast\"")
                .hasMessageNotContaining("\n");
    }

    @Test
    void should_escape_every_string_taken_from_the_document() {
        String attack = "\"'><img src=x onerror=alert(1)><script>alert(2)</script>";
        ObjectNode result = Samples.load(Samples.E2E);
        result.put("command", attack).putArray("argv").add(attack);
        result.put("failure", attack);
        ObjectNode scenario = (ObjectNode) result.get("scenarios").get(0);
        scenario.put("name", attack).put("description", attack);
        ((ObjectNode) scenario.get("topic")).put("name", attack).put("placement", attack);
        ((ObjectNode) scenario.get("producer").get("properties")).put(attack, attack);
        ObjectNode step = (ObjectNode) scenario.get("steps").get(0);
        step.putObject("errors").put(attack, 3);
        ((ObjectNode) step.get("resources").get(0)).put("source", attack).put("metric", attack);
        ((ObjectNode) result.get("target").get("clientProperties")).put(attack, attack);
        ((ObjectNode) result.get("environment")).put("hostname", attack);
        ((ObjectNode) result.get("summary")).put("headline", attack).putArray("notes").add(attack);
        ((ObjectNode) result.get("timeline").get(0)).put("source", attack).put("metric", attack);
        ((ObjectNode) result.get("intervals").get(0)).put("scenario", attack);

        String html = Samples.html(result);

        assertThat(html).doesNotContain("<img", "<script>alert", "onerror=alert(1)>");
        assertThat(Samples.count(html, "<script")).as("only the report's own four scripts").isEqualTo(4);
        assertThat(html).contains("&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
        String chartJson = html.substring(html.indexOf("id=\"mq-charts\">"), html.indexOf("</script>", html.indexOf("id=\"mq-charts\">")));
        assertThat(chartJson.substring("id=\"mq-charts\">".length())).doesNotContain("<", ">");
        assertThat(Samples.datasetLabels(Samples.chartSpecs(html))).contains(attack);
    }

    @Test
    void should_be_self_contained_with_chart_js_and_its_licence_inlined() {
        String html = Samples.html(Samples.load(Samples.FULL_PROBE));

        assertThat(html).contains("Chart.js v" + Assets.chartJsVersion(), "Permission is hereby granted, free of charge",
                "Content-Security-Policy\" content=\"default-src 'none'");
        // the library's comments name its home pages; apart from them the page names no address and loads nothing
        String own = html.replace(Assets.chartJs(), "");
        assertThat(own).doesNotContainPattern("(?i)<(link|img|iframe|object|embed)\\b").doesNotContainPattern("(?i)\\ssrc\\s*=")
                .doesNotContainPattern("(?i)@import|url\\(").doesNotContainPattern("(?i)https?://");
        Matcher href = Pattern.compile("href=\"([^\"]*)\"").matcher(own);
        while (href.find()) {
            assertThat(href.group(1)).as("links stay inside the page").startsWith("#");
        }
    }

    @Test
    void should_downsample_long_timelines_and_keep_their_peak() {
        ObjectNode result = Samples.load(Samples.E2E);
        ArrayNode timeline = result.putArray("timeline");
        long start = result.get("intervals").get(0).get("epochMs").asLong();
        int samples = 6000;
        for (int i = 0; i < samples; i++) {
            // 10 samples per second over the run's 25 s; one spike the chart must not lose
            timeline.addObject().put("epochMs", start + i * 4L).put("source", "broker-1").put("metric", "cpu.cores")
                    .put("value", i == 4321 ? 1.99 : 0.5 + (i % 7) * 0.01).put("capacity", 2.0);
        }

        ArrayNode specs = Samples.chartSpecs(Samples.html(result));

        JsonNode cpu = null;
        for (JsonNode spec : specs) {
            for (JsonNode d : spec.get("datasets")) {
                if (d.get("label").asText().equals("broker-1")) {
                    cpu = d;
                }
            }
        }
        assertThat(cpu).isNotNull();
        assertThat(cpu.get("data").size()).isBetween(2, Downsampler.MAX_POINTS);
        double max = 0;
        for (JsonNode xy : cpu.get("data")) {
            max = Math.max(max, xy.get(1).asDouble());
        }
        assertThat(max).isEqualTo(1.99);
    }

    private static String attribute(String html, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(html);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }
}
