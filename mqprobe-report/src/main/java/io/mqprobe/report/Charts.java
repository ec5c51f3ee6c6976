package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.util.List;

/** Collects the charts of one page: hands out canvas ids and keeps the specs the page script draws. */
public final class Charts {

    private final ArrayNode specs = JsonNodeFactory.instance.arrayNode();

    /** Markup for a grid of figures; empty charts are left out. */
    public String grid(List<Figure> figures, String gridClass) {
        StringBuilder html = new StringBuilder();
        for (Figure f : figures) {
            if (f != null && !f.spec().isEmpty()) {
                html.append(figure(f));
            }
        }
        return html.isEmpty() ? "" : "<div class=\"" + gridClass + "\">" + html + "</div>\n";
    }

    int count() {
        return specs.size();
    }

    ArrayNode specs() {
        return specs;
    }

    private String figure(Figure f) {
        String id = "chart-" + specs.size();
        specs.add(f.spec().toJson(id));
        StringBuilder html = new StringBuilder("<figure class=\"chart")
                .append(f.highlighted() ? " hot" : "").append("\"><figcaption><span class=\"chart-title\">")
                .append(Html.esc(f.title())).append("</span>");
        if (f.highlighted()) {
            html.append(" <span class=\"badge bad\">bottleneck</span>");
        }
        if (f.note() != null) {
            html.append("<span class=\"chart-note\">").append(Html.esc(f.note())).append("</span>");
        }
        return html.append("</figcaption><div class=\"chart-box\"><canvas id=\"").append(id)
                .append("\" role=\"img\" aria-label=\"").append(Html.esc(f.title())).append("\"></canvas></div></figure>")
                .toString();
    }
}
