package io.mqprobe.report;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * How one kind of verdict reads in the reports, found through {@link ServiceLoader} by the verdict's {@code kind}
 * (listed under {@code META-INF/services/io.mqprobe.report.VerdictSection}): a new experiment kind brings its own and
 * no report class changes. The scenario's card keeps its facts, charts and step table; the section says what the
 * verdict found. Each method is given a verdict of the section's kind, which the section casts to its own record.
 */
public interface VerdictSection {

    /** The verdict kind it renders, as written in the result ({@code "chaos"}): its record's {@code @JsonTypeName}. */
    String kind();

    /** The verdict in one line, for the terminal and Markdown; empty when the kind has none. */
    Optional<String> line(ScenarioResult scenario, Verdict verdict);

    /** The verdict in the scenario's HTML card; by default its line. */
    default String html(ScenarioResult scenario, Verdict verdict) {
        return line(scenario, verdict).map(l -> "<p class=\"advice\"><b>" + Html.esc(kind()) + "</b> " + Html.esc(l) + "</p>\n")
                .orElse("");
    }

    /** Whether the verdict passed, for the card's badge; empty when the kind does not say. */
    default Optional<Boolean> passed(Verdict verdict) {
        return Optional.empty();
    }

    /** Whether its one line tells of a failure, for the terminal's colour; by default when it did not pass. */
    default boolean failed(Verdict verdict) {
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
    default Optional<String> markIntervals(ChartSpec spec, Verdict verdict, long originMs) {
        return Optional.empty();
    }

    /** A section of the HTML report over every verdict of this kind, after the summary (a sweep's studies); empty by default. */
    default String runSection(List<Verdict> verdicts, Charts charts) {
        return "";
    }

    /** The section for a scenario's verdict (null when it has none), if its kind has one. */
    static Optional<VerdictSection> of(Verdict verdict) {
        String kind = kind(verdict);
        return Sections.ALL.stream().filter(s -> s.kind().equals(kind)).findFirst();
    }

    /**
     * Every section's {@link #runSection} over the run's verdicts of its kind (the scenarios' verdicts in order, null for
     * a scenario without one), in the order the sections were found.
     */
    static String runSections(List<Verdict> verdicts, Charts charts) {
        StringBuilder html = new StringBuilder();
        for (VerdictSection section : Sections.ALL) {
            List<Verdict> ofKind = verdicts.stream().filter(Objects::nonNull).filter(v -> section.kind().equals(kind(v))).toList();
            if (!ofKind.isEmpty()) {
                html.append(section.runSection(ofKind, charts));
            }
        }
        return html.toString();
    }

    /** The kind a verdict is written with, the name its record carries; null without a verdict. */
    private static String kind(Verdict verdict) {
        JsonTypeName name = verdict == null ? null : verdict.getClass().getAnnotation(JsonTypeName.class);
        return name == null ? null : name.value();
    }

    /** Every section found, loaded once. */
    final class Sections {
        static final List<VerdictSection> ALL = ServiceLoader.load(VerdictSection.class, VerdictSection.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();

        private Sections() {
        }
    }
}
