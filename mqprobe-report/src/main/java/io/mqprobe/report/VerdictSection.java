package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * How one kind of verdict reads in the reports, found through {@link ServiceLoader} by the verdict's {@code kind}
 * (listed under {@code META-INF/services/io.mqprobe.report.VerdictSection}): a new experiment kind brings its own and
 * no report class changes. The scenario's card keeps its facts, charts and step table; the section says what the
 * verdict found.
 */
public interface VerdictSection {

    /** The verdict kind it renders, as written in the result ({@code "chaos"}). */
    String kind();

    /** The verdict in one line, for the terminal and Markdown; empty when the kind has none. */
    Optional<String> line(JsonNode scenario, JsonNode verdict);

    /** The verdict in the scenario's HTML card; by default its line. */
    default String html(JsonNode scenario, JsonNode verdict) {
        return line(scenario, verdict).map(l -> "<p class=\"advice\"><b>" + Html.esc(kind()) + "</b> " + Html.esc(l) + "</p>\n")
                .orElse("");
    }

    /** Whether the verdict passed, for the card's badge; empty when the kind does not say. */
    default Optional<Boolean> passed(JsonNode verdict) {
        return Optional.empty();
    }

    /** Whether its one line tells of a failure, for the terminal's colour; by default when it did not pass. */
    default boolean failed(JsonNode verdict) {
        return passed(verdict).map(passed -> !passed).orElse(false);
    }

    /**
     * Whether the one line is the scenario's whole result, in place of its steps' figures (a sweep's run: its study's
     * section says the rest).
     */
    default boolean lineIsTheResult() {
        return false;
    }

    /**
     * Marks what the verdict adds to the scenario's per-second chart (x in seconds from {@code originMs}) and says what
     * the chart's shading then means; empty leaves the chart as it is.
     */
    default Optional<String> markIntervals(ChartSpec spec, JsonNode verdict, long originMs) {
        return Optional.empty();
    }

    /** A section of the HTML report over every verdict of this kind, after the summary (a sweep's studies); empty by default. */
    default String runSection(List<JsonNode> verdicts, Charts charts) {
        return "";
    }

    /** The section for the scenario's verdict, if its kind has one. */
    static Optional<VerdictSection> of(JsonNode scenario) {
        String kind = Fields.text(Fields.object(scenario, "verdict"), "kind");
        return Sections.ALL.stream().filter(s -> s.kind().equals(kind)).findFirst();
    }

    /** Every section's {@link #runSection} over the scenarios' verdicts of its kind, in the order the sections were found. */
    static String runSections(List<JsonNode> scenarios, Charts charts) {
        StringBuilder html = new StringBuilder();
        for (VerdictSection section : Sections.ALL) {
            List<JsonNode> verdicts = scenarios.stream().map(s -> Fields.object(s, "verdict"))
                    .filter(v -> v != null && section.kind().equals(Fields.text(v, "kind"))).toList();
            if (!verdicts.isEmpty()) {
                html.append(section.runSection(verdicts, charts));
            }
        }
        return html.toString();
    }

    /** Every section found, loaded once. */
    final class Sections {
        static final List<VerdictSection> ALL = ServiceLoader.load(VerdictSection.class, VerdictSection.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();

        private Sections() {
        }
    }
}
