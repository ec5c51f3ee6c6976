package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

/** A format added the way a module adds one (registered in this test class path only): the terminal summary, uncoloured. */
public final class PlainTextFormat implements ReportFormat {

    @Override
    public String id() {
        return "text";
    }

    @Override
    public String fileName() {
        return "report.txt";
    }

    @Override
    public String render(JsonNode result) {
        return TerminalSummary.render(result, false);
    }
}
