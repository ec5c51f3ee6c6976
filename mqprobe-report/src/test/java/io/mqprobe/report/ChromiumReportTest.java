package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opens rendered reports in headless Chromium and reads what the page itself recorded in
 * {@code #mq-status}: how many charts drew a non-empty canvas, and any script, console or CSP error.
 * Screenshots are kept under {@code target/chromium/} for a human look.
 */
@Timeout(150)
class ChromiumReportTest {

    private static final Path OUT = Path.of(System.getProperty("basedir", "."), "target", "chromium");

    /** Looked up per test, so a skip is reported on each test with its reason (a class-level skip shows nothing). */
    private Chromium chromium;

    @BeforeEach
    void browser() throws IOException {
        Files.createDirectories(OUT);
        chromium = Chromium.require(OUT);
    }

    @ParameterizedTest
    @ValueSource(strings = {Samples.FULL_PROBE, Samples.E2E, Samples.INTERRUPTED, Samples.EMPTY})
    void should_draw_every_chart_without_script_errors(String sample) throws Exception {
        Path html = write(sample, Samples.load(sample));

        String dom = chromium.dumpDom(html);

        int expected = PageStatus.of(dom).assertDrawnWithoutErrors().chartsExpected();
        assertThat(expected).isEqualTo(Samples.chartSpecs(Files.readString(html)).size());
        if (sample.equals(Samples.EMPTY)) {
            assertThat(expected).isZero();
        } else {
            assertThat(expected).isGreaterThanOrEqualTo(5);
        }
        if (sample.equals(Samples.INTERRUPTED)) {
            assertThat(dom).contains("<div class=\"status interrupted\">INCOMPLETE — interrupted</div>");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Samples.FULL_PROBE, Samples.E2E})
    void should_draw_the_comparison_pages_overlaid_charts(String sample) throws Exception {
        ObjectNode before = Samples.load(sample);
        ObjectNode after = Samples.load(sample);
        after.get("scenarios").forEach(s -> s.get("steps").forEach(step ->
                ((ObjectNode) step).put("bytesPerSecond", step.path("bytesPerSecond").asDouble() * 0.8)));
        after.get("intervals").forEach(i -> ((ObjectNode) i).put("bytesPerSecond", i.path("bytesPerSecond").asDouble() * 0.8));
        Comparison comparison = Comparison.of(java.util.List.of("before.json", "after.json"), java.util.List.of(Typed.document(before), Typed.document(after)));
        Path html = OUT.resolve("compare-" + sample + ".html");
        Files.writeString(html, ComparisonHtml.render(comparison, java.util.List.of(Typed.document(before), Typed.document(after))));

        String dom = chromium.dumpDom(html);

        assertThat(PageStatus.of(dom).assertDrawnWithoutErrors().chartsExpected()).isGreaterThanOrEqualTo(1);
        assertThat(Samples.datasetLabels(Samples.chartSpecs(Files.readString(html)))).contains("run 1", "run 2");
    }

    @Test
    void should_show_a_plan_beside_the_result_without_script_errors() throws Exception {
        ObjectNode result = Samples.load(Samples.FULL_PROBE);
        ObjectNode plan = result.putObject("plan");
        plan.putArray("plans").addObject().put("label", "result.json")
                .putArray("layout").addObject().put("name", "brokers").put("count", 7);
        Path html = write("with-plan", result);

        String dom = chromium.dumpDom(html);

        assertThat(dom).contains("Capacity plan").contains("7 brokers");
        PageStatus status = PageStatus.of(dom);
        assertThat(status.errors()).isEmpty();
        assertThat(status.ready()).isTrue();
    }

    @Test
    void should_take_screenshots_of_the_full_probe_report_wide_and_narrow() throws Exception {
        Path html = write(Samples.FULL_PROBE, Samples.load(Samples.FULL_PROBE));

        Path wide = OUT.resolve("probe-full-wide.png");
        Path narrow = OUT.resolve("probe-full-narrow.png");
        chromium.screenshot(html, wide, 1400, 2400);
        chromium.screenshot(html, narrow, 480, 1600);

        assertPng(wide, 1400, 2400);
        assertPng(narrow, 480, 1600);
    }

    @Test
    void should_not_run_markup_injected_through_the_document() throws Exception {
        String attack = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','1')\">"
                + "<script>document.documentElement.setAttribute('data-pwned','2')</script>";
        ObjectNode result = Samples.load(Samples.E2E);
        ObjectNode scenario = (ObjectNode) result.get("scenarios").get(0);
        scenario.put("name", attack).put("description", attack);
        ((ObjectNode) result.get("summary")).put("headline", attack);
        ((ObjectNode) result.get("timeline").get(0)).put("source", attack);
        ((ObjectNode) result.get("target").get("clientProperties")).put("x", attack);
        Path html = write("injected", result);

        String dom = chromium.dumpDom(html);

        Matcher root = Pattern.compile("<html[^>]*>").matcher(dom);
        assertThat(root.find()).isTrue();
        assertThat(root.group()).as("the injected handlers would have marked the root element").doesNotContain("data-pwned");
        assertThat(Pattern.compile("<[a-z]+ [^>]*data-pwned=").matcher(dom).find()).as("an element carrying the marker").isFalse();
        assertThat(Samples.count(dom, "<img")).as("injected images").isZero();
        PageStatus status = PageStatus.of(dom);
        assertThat(status.errors()).isEmpty();
        assertThat(status.ready()).isTrue();
    }

    private static Path write(String name, ObjectNode result) throws IOException {
        Path dir = OUT.resolve(name);
        Files.createDirectories(dir);
        Path html = dir.resolve("report.html");
        Files.writeString(html, Samples.html(result));
        return html;
    }

    /** A PNG of the given size that is not one flat colour (the page painted). */
    private static void assertPng(Path png, int width, int height) throws IOException {
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
        assertThat(header.getInt()).isEqualTo(width);
        assertThat(header.getInt()).isEqualTo(height);
        // a blank page compresses to a few KiB; charts, tables and text do not
        assertThat(bytes.length).isGreaterThan(40_000);
    }
}
