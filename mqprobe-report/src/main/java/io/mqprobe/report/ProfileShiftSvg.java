package io.mqprobe.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A scenario's {@link ProfileShift}s for compare.html: per process an inline SVG with a row per moved part or wait,
 * its share in the baseline (grey) and the later run (the run's colour) as a pair of bars on one 0–100 % scale, and the
 * move as a bar from a centre line, right when the share grew and left when it shrank. Self-contained, like the
 * flame graphs: nothing is fetched at view time.
 */
final class ProfileShiftSvg {

    static final int WIDTH = 720;
    private static final int ROW = 26;
    private static final int LABEL_PX = 250;
    private static final int SHARE_X = 260;
    /** The width of a 100 % share. */
    private static final int SHARE_PX = 200;
    private static final int MOVE_CENTRE_X = 610;
    /** The length of a 100 pp move either way. */
    private static final int MOVE_PX = 100;
    private static final double CHAR_PX = 6.7;
    private static final String BASELINE_COLOR = "#94a3b8";

    private ProfileShiftSvg() {
    }

    /** The block for one scenario's shifts, or "" when it has none (a run without a profile). */
    static String html(List<ProfileShift> shifts, int runs) {
        if (shifts.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<div class=\"profile-shift\"><h3>CPU profile</h3><p class=\"detail\">")
                .append(Html.esc(String.format(Locale.ROOT, "Parts of each process's sampled CPU time and waits of its "
                        + "threads whose share moved by %.0f pp or more (processes with %d samples or more in both runs): "
                        + "grey bar run 1, coloured bar the later run; the bar on the right grows from the line when the "
                        + "share grew, to its left when it shrank.", ProfileShift.MIN_MOVE_PP, ProfileShift.MIN_SAMPLES)))
                .append("</p>\n");
        for (ProfileShift shift : shifts) {
            String against = runs > 2 ? "run " + shift.run() + " against run 1" : null;
            if (shift.processes().isEmpty()) {
                html.append("<p>").append(Html.esc((against == null ? "" : against + ": ")
                        + ComparisonText.shiftLines(shift).get(0))).append("</p>\n");
                continue;
            }
            String color = ComparisonHtml.COLORS[(shift.run() - 1) % ComparisonHtml.COLORS.length];
            for (ProfileShift.ProcessShift process : shift.processes()) {
                html.append("<figure class=\"profile-shift\"><figcaption>").append(Html.esc(process.source()))
                        .append(against == null ? "" : Html.esc(", " + against))
                        .append(String.format(Locale.ROOT, " <span class=\"detail\">(%,d → %,d samples)</span>",
                                process.baselineSamples(), process.laterSamples()))
                        .append("</figcaption>").append(svg(process, color)).append("</figure>\n");
            }
        }
        return html.append("</div>\n").toString();
    }

    /** One process's moved parts, then its moved waits, a row each. */
    static String svg(ProfileShift.ProcessShift process, String laterColor) {
        List<ProfileShift.Move> moves = new ArrayList<>(process.parts());
        moves.addAll(process.waits());
        int height = moves.size() * ROW + 4;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"profile-shift\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"100%%\" "
                        + "font-family=\"sans-serif\" role=\"img\" aria-label=\"%s\">", WIDTH, height, Html.esc(process.source() + ": shares that moved")));
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\" stroke=\"#64748b\" stroke-width=\"1\"/>",
                MOVE_CENTRE_X, MOVE_CENTRE_X, height));
        for (int i = 0; i < moves.size(); i++) {
            row(svg, moves.get(i), i * ROW + 2, laterColor);
        }
        return svg.append("</svg>").toString();
    }

    private static void row(StringBuilder svg, ProfileShift.Move move, int top, String laterColor) {
        svg.append("<g><title>").append(Html.esc(ComparisonText.move(move))).append("</title>");
        svg.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" font-size=\"11\" font-family=\"monospace\">%s</text>",
                top + 16, Html.esc(shortened(move.name(), (int) (LABEL_PX / CHAR_PX)))));
        shareBar(svg, move.baselineShare(), top + 3, BASELINE_COLOR);
        shareBar(svg, move.laterShare(), top + 14, laterColor);
        double pp = move.movedPp();
        double length = Math.min(MOVE_PX, Math.abs(pp) * MOVE_PX / 100);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\" "
                        + "fill-opacity=\"0.6\"/>", pp > 0 ? MOVE_CENTRE_X : MOVE_CENTRE_X - length, top + 6, length, laterColor));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"%s\">%s</text>",
                pp > 0 ? MOVE_CENTRE_X - 4 : MOVE_CENTRE_X + 4, top + 17, pp > 0 ? "end" : "start",
                Html.esc(ComparisonText.pp(pp))));
        svg.append("</g>");
    }

    /** A share's bar with its value after it; a share the run lacks draws no bar and reads 0 %. */
    private static void shareBar(StringBuilder svg, Double share, int y, String color) {
        double width = share == null ? 0 : Math.max(0, Math.min(1, share)) * SHARE_PX;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"9\" fill=\"%s\"/>"
                        + "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">%s</text>",
                SHARE_X, y, width, color, SHARE_X + width + 4, y + 8, Html.esc(ComparisonText.share(share))));
    }

    /** The name cut in the middle to {@code chars}, so a wait keeps both its threads and the method it waited in. */
    private static String shortened(String name, int chars) {
        if (name.length() <= chars) {
            return name;
        }
        int head = (chars - 1) / 2;
        return name.substring(0, head) + "…" + name.substring(name.length() - (chars - 1 - head));
    }
}
