package io.mqprobe.report;

import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/** The report formats: the built-in ones and every one a module registers. */
public final class ReportFormats {

    public static final ReportFormat HTML = new BuiltIn("html", "report.html", "report", HtmlReport::render);
    public static final ReportFormat MARKDOWN = new BuiltIn("markdown", "report.md", "markdown", in -> MarkdownReport.render(in.result()));

    /** What a run writes beside its result.json, and {@code mqprobe report} without {@code --format}. */
    public static final List<ReportFormat> DEFAULT = List.of(HTML, MARKDOWN);

    private ReportFormats() {
    }

    /** Every format by id: the built-in ones first, then the registered ones in class-path order. */
    public static Map<String, ReportFormat> known() {
        Map<String, ReportFormat> known = new LinkedHashMap<>();
        DEFAULT.forEach(f -> known.put(f.id(), f));
        ServiceLoader.load(ReportFormat.class).forEach(f -> known.putIfAbsent(f.id(), f));
        return known;
    }

    /** The formats named by {@code ids}, in that order; a {@link UsageException} naming the known ones otherwise. */
    public static List<ReportFormat> parse(List<String> ids) {
        Map<String, ReportFormat> known = known();
        List<ReportFormat> chosen = new ArrayList<>();
        for (String id : ids) {
            ReportFormat format = known.get(id.trim());
            if (format == null) {
                throw new UsageException("unknown report format '" + id.trim() + "' (known: " + String.join(", ", known.keySet()) + ")");
            }
            if (!chosen.contains(format)) {
                chosen.add(format);
            }
        }
        if (chosen.isEmpty()) {
            throw new UsageException("--format names no report format (known: " + String.join(", ", known.keySet()) + ")");
        }
        return chosen;
    }


    /** A format of this module: its file, its label and the renderer that writes it. */
    private record BuiltIn(String id, String fileName, String label, Function<ReportInput, String> renderer) implements ReportFormat {

        @Override
        public String render(ReportInput input) {
            return renderer.apply(input);
        }

        @Override
        public String toString() {
            return id;
        }
    }
}
