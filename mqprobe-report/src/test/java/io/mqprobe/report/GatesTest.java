package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class GatesTest {

    @Test
    void should_parse_figures_scenarios_units_and_changes() {
        Gate sustainable = Gate.parse("sustainable[replicated-all] < 40MB/s");
        Gate p99 = Gate.parse("p99 > 200ms");
        Gate drop = Gate.parse("ceiling drop > 10%");

        assertThat(sustainable.figure()).isEqualTo(Gate.Figure.SUSTAINABLE);
        assertThat(sustainable.scenario()).isEqualTo("replicated-all");
        assertThat(sustainable.threshold()).isEqualTo(40e6);
        assertThat(p99.threshold()).isEqualTo(200_000);
        assertThat(drop.againstBaseline()).isTrue();
        assertThat(drop.threshold()).isEqualTo(10);
        assertThat(Gate.parse("lost > 0").holds(1)).isTrue();
        assertThat(Gate.parse("lost > 0").holds(0)).isFalse();
    }

    @Test
    void should_refuse_bad_expressions_in_one_line() {
        assertThatThrownBy(() -> Gate.parse("sustainable is low")).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("bad --fail-if 'sustainable is low' (FIGURE[SCENARIO] [drop|rise] OP VALUE");
        assertThatThrownBy(() -> Gate.parse("speed > 1MB/s")).isInstanceOf(UsageException.class)
                .hasMessageContaining("no figure 'speed'");
        assertThatThrownBy(() -> Gate.parse("p99 > soon")).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("bad --fail-if 'p99 > soon': ");
        assertThatThrownBy(() -> Gate.parse("ceiling drop > 10MB/s")).isInstanceOf(UsageException.class)
                .hasMessage("bad --fail-if 'ceiling drop > 10MB/s': a drop is a percentage, e.g. 10%");
        assertThatThrownBy(() -> Gates.parseForRun(List.of("ceiling drop > 10%"))).isInstanceOf(UsageException.class)
                .hasMessageContaining("use it with mqprobe compare");
    }

    @Test
    void should_break_on_the_scenarios_that_hold_the_condition_and_on_figures_the_run_does_not_have() {
        ObjectNode probe = Samples.load(Samples.FULL_PROBE);   // sustainable 88, 110, 45 and 60 MB/s

        List<Gates.Outcome> outcomes = Gates.check(List.of(Gate.parse("sustainable < 50MB/s"),
                Gate.parse("sustainable[broker-ceiling] < 50MB/s"), Gate.parse("lost > 0"), Gate.parse("ceiling < 1MB/s")), document(probe));

        assertThat(outcomes.get(0).broken()).isTrue();
        assertThat(outcomes.get(0).detail()).isEqualTo("replicated-all 45.0 MB/s");
        assertThat(outcomes.get(1).broken()).isFalse();
        assertThat(outcomes.get(2).broken()).as("a probe has no loss check: the gate cannot pass").isTrue();
        assertThat(outcomes.get(2).detail()).isEqualTo("the run has no lost");
        assertThat(outcomes.get(3).broken()).isFalse();
        assertThat(outcomes.get(3).line()).startsWith("gate passed: ceiling < 1MB/s (single 95.0 MB/s, ");
    }

    @Test
    void should_judge_a_run_without_a_sustainable_load_as_breaking_a_sustainable_gate() {
        ObjectNode probe = Samples.load(Samples.FULL_PROBE);
        ((ObjectNode) probe.withArray("scenarios").get(2).path("verdict")).putNull("sustainable");

        Gates.Outcome outcome = Gates.check(List.of(Gate.parse("sustainable < 1MB/s")), document(probe)).get(0);

        assertThat(outcome.broken()).isTrue();
        assertThat(outcome.detail()).isEqualTo("replicated-all has no sustainable");
    }

    @Test
    void should_check_delivery_and_errors_of_a_single_run() {
        ObjectNode e2e = Samples.load(Samples.E2E);   // 2 duplicates, 4 errors, nothing lost

        List<Gates.Outcome> outcomes = Gates.check(List.of(Gate.parse("lost > 0"), Gate.parse("duplicates > 0"),
                Gate.parse("errors >= 4"), Gate.parse("throughput < 10MB/s")), document(e2e));

        assertThat(outcomes).extracting(Gates.Outcome::broken).containsExactly(false, true, true, false);
    }

    @Test
    void should_write_valid_junit_xml_with_one_failure_per_broken_gate() throws Exception {
        List<Gates.Outcome> outcomes = Gates.check(List.of(Gate.parse("sustainable < 50MB/s"), Gate.parse("ceiling < 1MB/s")),
                document(Samples.load(Samples.FULL_PROBE)));

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(Gates.junitXml("mqprobe gates", outcomes).getBytes(StandardCharsets.UTF_8)));

        assertThat(xml.getDocumentElement().getAttribute("tests")).isEqualTo("2");
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("1");
        assertThat(xml.getElementsByTagName("testcase").item(0).getAttributes().getNamedItem("name").getNodeValue())
                .isEqualTo("sustainable < 50MB/s");
        assertThat(xml.getElementsByTagName("failure").getLength()).isEqualTo(1);
    }

    @Test
    void should_break_a_drop_gate_on_the_runs_that_dropped_more() {
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        ObjectNode ceiling = (ObjectNode) after.withArray("scenarios").get(0).path("verdict").path("ceiling");
        ceiling.put("bytesPerSecond", 95e6 * 0.85).put("recordsPerSecond", 92773.4 * 0.85);
        List<ResultDocument> runs = List.of(document(Samples.load(Samples.FULL_PROBE)), document(after));
        Comparison comparison = Comparison.of(List.of("a", "b"), runs);

        List<Gates.Outcome> outcomes = Gates.check(List.of(Gate.parse("ceiling drop > 10%"), Gate.parse("ceiling drop > 20%"),
                Gate.parse("p99 rise > 5%")), comparison, runs);

        assertThat(outcomes.get(0).broken()).isTrue();
        assertThat(outcomes.get(0).detail()).isEqualTo("single run 2 -15.0 %");
        assertThat(outcomes.get(1).broken()).isFalse();
        assertThat(outcomes.get(2).broken()).as("probes have no per-second p99 to compare").isTrue();
    }

    /** The tree as result.json holds it, read back as the records the gates read. */
    private static ResultDocument document(ObjectNode tree) {
        return ResultReading.document(tree, "a sample");
    }
}
