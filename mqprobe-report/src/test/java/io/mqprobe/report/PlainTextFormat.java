package io.mqprobe.report;

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
    public String render(ReportInput input) {
        return TerminalSummary.render(input.result(), false);
    }
}
