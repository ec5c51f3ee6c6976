package io.mqprobe.report;

import io.mqprobe.api.profile.FlameNode;

import java.util.Locale;

/**
 * A profile's flame graph as inline SVG, drawn from the tree in result.json (verdict.profile.processes[].flame): the
 * process at the top, its thread pools below, then frames from each thread's entry down to the running one. Width is
 * share of samples; hovering a frame shows its name and share. Self-contained: nothing is fetched at view time.
 */
final class FlameGraph {

    static final int WIDTH = 1000;
    static final int ROW = 17;
    /** Frames narrower than this are not drawn; their samples remain in their caller's width. */
    private static final double MIN_WIDTH_PX = 0.5;
    /** A frame's label is written when at least this wide. */
    private static final double LABEL_WIDTH_PX = 36;
    private static final double CHAR_PX = 6.4;

    private FlameGraph() {
    }

    /** The SVG, or "" when the node holds no samples. */
    static String svg(FlameNode root) {
        double total = root.samples();
        if (!(total > 0)) {
            return "";
        }
        StringBuilder body = new StringBuilder();
        int depth = draw(body, root, 0, 0, WIDTH / total, total);
        int height = (depth + 1) * ROW;
        return "<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + WIDTH + " " + height
                + "\" width=\"100%\" role=\"img\" aria-label=\"flame graph\">" + body + "</svg>\n";
    }

    /** Draws {@code node} at (x, level) and its children below it; returns the deepest level drawn. */
    private static int draw(StringBuilder out, FlameNode node, double x, int level, double pxPerSample, double total) {
        double samples = node.samples();
        double width = samples * pxPerSample;
        if (width < MIN_WIDTH_PX) {
            return level - 1;
        }
        String name = HtmlScenario.written(node.name()) == null ? "?" : node.name();
        String share = String.format(Locale.ROOT, "%.1f %%", 100 * samples / total);
        double y = level * ROW;
        out.append(String.format(Locale.ROOT, "<g><title>%s — %s of samples (%.0f)</title>"
                        + "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" rx=\"1\"/>",
                Html.esc(name), share, samples, x, y, Math.max(0.1, width - 0.5), ROW - 1, color(name, level)));
        if (width >= LABEL_WIDTH_PX) {
            int chars = (int) ((width - 6) / CHAR_PX);
            String label = name.length() <= chars ? name : name.substring(0, Math.max(1, chars - 1)) + "…";
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-family=\"monospace\">%s</text>",
                    x + 3, y + ROW - 5, Html.esc(label)));
        }
        out.append("</g>");
        int deepest = level;
        double childX = x;
        for (FlameNode child : node.children()) {
            deepest = Math.max(deepest, draw(out, child, childX, level + 1, pxPerSample, total));
            childX += child.samples() * pxPerSample;
        }
        return deepest;
    }

    /** Warm colours, stable per frame name: JDK frames paler, the process and pools grey. */
    private static String color(String name, int level) {
        if (level < 2) {
            return "#d9d9d9";
        }
        int hash = Math.abs(name.hashCode() % 60);
        boolean jdk = name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.");
        return String.format(Locale.ROOT, "hsl(%d, %d%%, %d%%)", 10 + hash / 2, jdk ? 45 : 75, jdk ? 72 : 62);
    }
}
