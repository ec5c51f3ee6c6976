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

    /** The section for the scenario's verdict, if its kind has one. */
    static Optional<VerdictSection> of(JsonNode scenario) {
        String kind = Fields.text(Fields.object(scenario, "verdict"), "kind");
        return Sections.ALL.stream().filter(s -> s.kind().equals(kind)).findFirst();
    }

    /** Every section found, loaded once. */
    final class Sections {
        static final List<VerdictSection> ALL = ServiceLoader.load(VerdictSection.class, VerdictSection.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();

        private Sections() {
        }
    }
}
