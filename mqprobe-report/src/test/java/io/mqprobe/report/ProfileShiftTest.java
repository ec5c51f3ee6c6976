package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/** {@code compare}'s profile shifts, from result documents whose verdicts carry profiles as result.json writes them. */
@Timeout(10)
class ProfileShiftTest {

    private static final List<String> NAMES = List.of("before.json", "after.json");
    private static final String APPEND = "kafka.cluster.Partition.appendRecordsToLeader";
    private static final Pattern SVG = Pattern.compile("<svg class=\"profile-shift\".*?</svg>", Pattern.DOTALL);

    @Test
    void should_show_a_planted_gzip_move_with_its_sign_and_size_and_leave_out_moves_below_5_pp() {
        ObjectNode before = Samples.load(Samples.FULL_PROBE);
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        ObjectNode base = process(profile(before, "broker-ceiling"), "broker-1", 812);
        part(base, "request handling", 0.31);
        part(base, "network I/O", 0.20);
        part(base, "log append", 0.10);
        part(base, "compression (gzip)", 0.02);
        waitAt(base, "request handlers", APPEND, 0.03);
        ObjectNode later = process(profile(after, "broker-ceiling"), "broker-1", 790);
        part(later, "compression (gzip)", 0.94);
        part(later, "network I/O", 0.25);
        part(later, "log append", 0.06);
        part(later, "request handling", 0.02);
        waitAt(later, "request handlers", "kafka.log.UnifiedLog.append", 0.12);

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)));

        assertThat(comparison.profileShifts()).singleElement().satisfies(shift -> {
            assertThat(shift.scenario()).isEqualTo("broker-ceiling");
            assertThat(shift.run()).isEqualTo(2);
            ProfileShift.ProcessShift broker = shift.processes().get(0);
            assertThat(broker.source()).isEqualTo("broker-1");
            // log append moved 4 pp and the vanished wait 3 pp: left out; network I/O moved exactly 5 pp: kept
            assertThat(broker.parts()).extracting(ProfileShift.Move::name)
                    .containsExactly("compression (gzip)", "request handling", "network I/O");
            assertThat(broker.parts().get(0).movedPp()).isCloseTo(92, within(1e-9));
            assertThat(broker.parts().get(1).movedPp()).isCloseTo(-29, within(1e-9));
            assertThat(broker.waits()).extracting(ProfileShift.Move::name)
                    .containsExactly("request handlers waiting in kafka.log.UnifiedLog.append");
            assertThat(broker.waits().get(0).baselineShare()).isNull();
        });
        String terminal = ComparisonText.terminal(comparison);
        assertThat(terminal)
                .contains("profiles: broker-1: compression (gzip) 2 % → 94 % (+92 pp), request handling 31 % → 2 % (−29 pp), "
                        + "network I/O 20 % → 25 % (+5 pp)\n")
                .contains("           broker-1: request handlers waiting in kafka.log.UnifiedLog.append 0 % → 12 % "
                        + "(+12 pp, appeared)\n")
                .doesNotContain("log append").doesNotContain(APPEND);
        // under broker-ceiling's rows, before the next scenario's
        assertThat(terminal.indexOf("profiles: broker-1")).isGreaterThan(terminal.indexOf("broker-ceiling  bottleneck"))
                .isLessThan(terminal.indexOf("\n  replicated-all "));
        assertThat(ComparisonText.markdown(comparison)).contains("## CPU profiles")
                .contains("- broker-ceiling: broker-1: compression (gzip) 2 % → 94 % (+92 pp), request handling 31 % → 2 %");
        assertThat(comparison.anyChange()).as("a profile is shown, never judged").isFalse();
        // compare.json: shares in base units, none where a run had no such wait
        JsonNode json = Samples.JSON.valueToTree(comparison);
        assertThat(json.at("/profileShifts/0/processes/0/parts/0").toString())
                .isEqualTo("{\"name\":\"compression (gzip)\",\"baselineShare\":0.02,\"laterShare\":0.94}");
        assertThat(json.at("/profileShifts/0/processes/0/waits/0/baselineShare").isNull()).isTrue();
    }

    @Test
    void should_skip_a_process_with_fewer_than_50_samples_in_either_run() {
        ObjectNode before = Samples.load(Samples.FULL_PROBE);
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        ObjectNode beforeProfile = profile(before, "single");
        ObjectNode afterProfile = profile(after, "single");
        part(process(beforeProfile, "broker-1", 600), "request handling", 0.40);
        part(process(afterProfile, "broker-1", 640), "request handling", 0.42);
        part(process(beforeProfile, "client", 300), "send path", 0.10);
        part(process(afterProfile, "client", 49), "send path", 0.90);
        part(process(profile(before, "replicated-all"), "client", 49), "send path", 0.10);
        part(process(profile(after, "replicated-all"), "client", 300), "send path", 0.90);

        Comparison comparison = Comparison.of(NAMES, documents(List.of(before, after)));

        assertThat(comparison.profileShifts()).extracting(ProfileShift::scenario, ProfileShift::processesCompared)
                .containsExactly(tuple("single", 1), tuple("replicated-all", 0));
        assertThat(comparison.profileShifts()).allSatisfy(s -> assertThat(s.processes()).isEmpty());
        String terminal = ComparisonText.terminal(comparison);
        assertThat(terminal).contains("profiles: no part moved by 5 pp or more\n")
                .contains("profiles: no process had 50 samples in both runs, too few to compare\n")
                .doesNotContain("send path");
    }

    @Test
    void should_say_nothing_of_profiles_when_a_run_has_none() {
        ObjectNode before = Samples.load(Samples.FULL_PROBE);
        ObjectNode after = Samples.load(Samples.FULL_PROBE);   // an older file, or --no-profile
        part(process(profile(before, "single"), "broker-1", 600), "compression (gzip)", 0.90);
        List<ResultDocument> runs = documents(List.of(before, after));

        Comparison comparison = Comparison.of(NAMES, runs);

        assertThat(comparison.profileShifts()).isEmpty();
        assertThat(ComparisonText.terminal(comparison)).doesNotContain("profiles").doesNotContain("gzip");
        assertThat(ComparisonText.markdown(comparison)).doesNotContain("CPU profiles");
        assertThat(ComparisonHtml.render(comparison, runs)).doesNotContain("profile-shift\"");
    }

    @Test
    void should_name_the_later_run_when_more_than_two_runs_are_compared() {
        List<JsonNode> runs = new ArrayList<>();
        for (double gzip : new double[]{0.02, 0.03, 0.50}) {
            ObjectNode run = Samples.load(Samples.FULL_PROBE);
            part(process(profile(run, "single"), "broker-1", 500), "compression (gzip)", gzip);
            runs.add(run);
        }

        String terminal = ComparisonText.terminal(Comparison.of(List.of("a.json", "b.json", "c.json"), documents(runs)));

        assertThat(terminal).contains("profiles, run 2: no part moved by 5 pp or more\n")
                .contains("profiles, run 3: broker-1: compression (gzip) 2 % → 50 % (+48 pp)\n");
    }

    @Test
    void should_draw_a_bar_pair_and_a_diverging_move_per_moved_part_as_well_formed_inline_svg() throws Exception {
        ObjectNode before = Samples.load(Samples.FULL_PROBE);
        ObjectNode after = Samples.load(Samples.FULL_PROBE);
        ObjectNode base = process(profile(before, "broker-ceiling"), "broker-1", 812);
        part(base, "compression (gzip)", 0.02);
        part(base, "request handling", 0.31);
        ObjectNode later = process(profile(after, "broker-ceiling"), "broker-1", 790);
        part(later, "compression (gzip)", 0.94);
        part(later, "request handling", 0.02);
        waitAt(later, "<script>alert('pool')</script>", "a&b", 0.30);
        List<ResultDocument> runs = documents(List.of(before, after));

        String page = ComparisonHtml.render(Comparison.of(NAMES, runs), runs);

        Matcher svg = SVG.matcher(page);
        assertThat(svg.find()).as("an inline SVG for broker-1").isTrue();
        String broker = svg.group();
        assertThat(svg.find()).as("one SVG per process with moves").isFalse();
        assertThat(page).contains("broker-1 <span class=\"detail\">(812 → 790 samples)</span>")
                .doesNotContain("<script>alert").contains("&lt;script&gt;alert(&#39;pool&#39;)");
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(broker.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("svg");
        NodeList rows = root.getElementsByTagName("g");
        assertThat(rows.getLength()).as("gzip, request handling, the new wait").isEqualTo(3);
        Element gzip = (Element) rows.item(0);
        assertThat(gzip.getElementsByTagName("title").item(0).getTextContent())
                .isEqualTo("compression (gzip) 2 % → 94 % (+92 pp)");
        // baseline bar, later bar (200 px is 100 %), then the move from the centre line (100 px is 100 pp)
        assertThat(attributes(gzip, "width")).containsExactly("4.0", "188.0", "92.0");
        assertThat(attribute(gzip, 2, "x")).isEqualTo("610.0");
        Element handling = (Element) rows.item(1);
        assertThat(attributes(handling, "width")).containsExactly("62.0", "4.0", "29.0");
        assertThat(attribute(handling, 2, "x")).as("a shrinking share extends left of the line").isEqualTo("581.0");
        assertThat(page).doesNotContainPattern("(src|href)=\"(https?:)?//");
    }

    // -- result documents with profiles, as result.json writes them (docs/result-schema.md)

    private static ObjectNode profile(ObjectNode result, String scenario) {
        for (JsonNode s : result.withArray("scenarios")) {
            if (s.path("name").asText().equals(scenario)) {
                ObjectNode verdict = (ObjectNode) s.path("verdict");
                if (!verdict.path("profile").isObject()) {
                    ObjectNode profile = verdict.putObject("profile");
                    profile.put("at", "the ceiling's steps 2, 3");
                    profile.putArray("steps").add(2).add(3);
                    profile.putArray("processes");
                    profile.putArray("why");
                    profile.putArray("advice");
                }
                return (ObjectNode) verdict.path("profile");
            }
        }
        throw new AssertionError("no scenario " + scenario);
    }

    /** The process named {@code source} in the profile, added with its samples and no parts or waits yet. */
    private static ObjectNode process(ObjectNode profile, String source, long samples) {
        for (JsonNode p : profile.withArray("processes")) {
            if (p.path("source").asText().equals(source)) {
                return (ObjectNode) p;
            }
        }
        ObjectNode process = profile.withArray("processes").addObject().put("source", source).put("samples", samples);
        process.putArray("parts");
        process.putArray("waits");
        process.putNull("flame");
        return process;
    }

    private static void part(ObjectNode process, String name, double share) {
        process.withArray("parts").addObject().put("name", name).put("share", share);
    }

    private static void waitAt(ObjectNode process, String threads, String site, double share) {
        process.withArray("waits").addObject().put("threads", threads).put("site", site).put("kind", "lock").put("share", share);
    }

    /** The {@code attribute} of each rect in a row, in order. */
    private static List<String> attributes(Element row, String attribute) {
        NodeList rects = row.getElementsByTagName("rect");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < rects.getLength(); i++) {
            values.add(((Element) rects.item(i)).getAttribute(attribute));
        }
        return values;
    }

    private static String attribute(Element row, int rect, String attribute) {
        return ((Element) row.getElementsByTagName("rect").item(rect)).getAttribute(attribute);
    }

    /** The trees as result.json holds them, read back as the records compare reads. */
    private static List<ResultDocument> documents(List<? extends JsonNode> trees) {
        return trees.stream().map(tree -> ResultReading.document(tree, "a sample")).toList();
    }
}
