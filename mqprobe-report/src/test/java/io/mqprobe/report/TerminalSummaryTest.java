package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class TerminalSummaryTest {

    @Test
    void should_print_headline_and_every_scenario_verdict_with_evidence() {
        String text = TerminalSummary.render(Typed.document(Samples.load(Samples.FULL_PROBE)), Ansi.of(false, Map.of()));

        assertThat(text).startsWith("mqprobe probe: complete in 2m37s\n  3 × 48.5 MB/s\n");
        assertThat(text).contains(
                "scenario replicated-all — 6 partitions, RF 3, acks=all: durable capacity\n"
                        + "  ceiling      49.0 MB/s · 47,852 msgs/s · 4 clients\n"
                        + "  knee         48.5 MB/s · 47,363 msgs/s · 3 clients\n"
                        + "  sustainable  45.0 MB/s · 43,945 msgs/s · 2 clients\n"
                        + "               limited by broker-2 CPU 1.52/2 cores (76 %) > 75 % at step 2\n"
                        + "  bottleneck   broker-2 request handlers 6 % idle\n"
                        + "               followers cannot keep up\n"
                        + "               - broker-2 request-handler idle 6 %\n");
        // a verdict leads with its short sentence; beyond three figures the terminal says how many the report holds
        assertThat(text).contains("  bottleneck   client CPU 1.90/2 cores at the knee\n"
                + "               mqprobe itself is the limit\n"
                + "               - client CPU 1.90/2 cores (95 %)\n"
                + "               - broker-1 CPU 1.12/2 cores (56 %)\n"
                + "               - disk 6 % of ceiling\n"
                + "               (1 more figure in the report)\n");
        assertThat(text).doesNotContain("\u001b[");
    }

    /**
     * Without a sustainable load the reports say why no paced rate passed, where "limited by" stands beside one: the reason
     * was only in the bottleneck's evidence, beyond the three figures the terminal prints.
     */
    @Test
    void should_say_why_no_paced_rate_passed_where_a_sustainable_load_would_stand() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        ObjectNode verdict = (ObjectNode) result.get("scenarios").get(2).get("verdict");
        verdict.putNull("sustainable");
        ((ArrayNode) verdict.get("bottleneck").get("evidence"))
                .add("no sustainable step: broker-1 CPU 77 % > 75 % at step 11, 1,888 msgs/s offered");

        String text = TerminalSummary.render(Typed.document(result), Ansi.of(false, Map.of()));
        String markdown = MarkdownReport.render(Typed.document(result));
        String html = Samples.html(result);

        String reason = "no paced rate passed: broker-1 CPU 77 % &gt; 75 % at step 11, 1,888 msgs/s offered";
        assertThat(text).contains("  sustainable  –\n               " + reason.replace("&gt;", ">") + "\n");
        assertThat(markdown).contains("- **sustainable:** – — " + reason);
        assertThat(html).contains(reason);
    }

    @Test
    void should_print_rates_percentiles_errors_consumer_checks_and_resources_for_a_single_step() {
        String text = TerminalSummary.render(Typed.document(Samples.load(Samples.E2E)), Ansi.of(false, Map.of()));

        assertThat(text).contains(
                "  throughput   20.5 MB/s · 20,000 msgs/s · 1 client at 20,000 msgs/s over 20s\n",
                "  latency      p50 1.1 ms  p95 2.7 ms  p99 4.1 ms  p99.9 10 ms  max 16 ms  (corrected, from intended send time)\n",
                "  service      p50 1.1 ms  p95 2.5 ms  p99 3.8 ms",
                "  end-to-end   p50 1.5 ms",
                "  errors       4 (NotLeaderOrFollowerException 1, TimeoutException 3)\n",
                "  consumed     399,997 records (20.5 MB/s) · lost 0 · duplicates 2 · out-of-order 0\n",
                "    source    metric ",
                "    broker-1  cpu.cores                       0.88 cores  0.92 cores  2.00 cores\n");
    }

    @Test
    void should_warn_when_the_client_was_the_bottleneck() {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        ((ObjectNode) result.get("summary")).put("clientLimited", true);

        assertThat(TerminalSummary.render(Typed.document(result), Ansi.of(false, Map.of()))).contains("warning: mqprobe itself was the bottleneck");
    }

    @Test
    void should_say_incomplete_for_interrupted_and_empty_runs() {
        assertThat(TerminalSummary.render(Typed.document(Samples.load(Samples.INTERRUPTED)), false))
                .startsWith("mqprobe probe: INCOMPLETE — interrupted\n")
                .contains("  incomplete after 2 steps; last: 92.0 MB/s");
        assertThat(TerminalSummary.render(Typed.document(Samples.load(Samples.EMPTY)), false))
                .contains("no scenario has finished a step yet");
    }

    @Test
    void should_colour_only_when_asked_and_no_color_is_unset() {
        assertThat(TerminalSummary.render(Typed.document(Samples.load(Samples.FULL_PROBE)), Ansi.of(true, Map.of())))
                .contains("\u001b[32mcomplete\u001b[0m");
        assertThat(Ansi.of(true, Map.of("NO_COLOR", "1")).on()).isFalse();
        assertThat(Ansi.of(true, Map.of("NO_COLOR", "")).on()).isTrue();
        assertThat(Ansi.of(false, Map.of()).on()).isFalse();
    }

    @Test
    void should_strip_control_characters_from_document_text() {
        ObjectNode result = Samples.load(Samples.E2E);
        ((ObjectNode) result.get("scenarios").get(0)).put("name", "evil\u001b[2J\u0007name");

        String text = TerminalSummary.render(Typed.document(result), Ansi.of(false, Map.of()));

        assertThat(text).contains("scenario evil [2J name").doesNotContain("\u001b", "\u0007");
    }
}
