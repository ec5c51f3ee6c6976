package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.SecretRedaction;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's context at the end of the HTML report: command, target (client properties as the document
 * gives them, masked again in case a secret slipped through), environment, ceilings and thresholds.
 */
final class HtmlContext {

    private HtmlContext() {
    }

    static String render(JsonNode result) {
        StringBuilder html = new StringBuilder("<section class=\"card context\" id=\"run\">\n<h2>Run</h2>\n<div class=\"grid kv-grid\">\n");
        html.append(block("Command", command(result)));
        JsonNode target = Fields.object(result, "target");
        html.append(block("Target", target(target)));
        JsonNode props = Fields.object(target, "clientProperties");
        if (props != null && !props.isEmpty()) {
            List<String[]> rows = new ArrayList<>();
            props.properties().forEach(e -> rows.add(new String[]{e.getKey(),
                    SecretRedaction.isSecret(e.getKey()) ? SecretRedaction.MASK : e.getValue().asText()}));
            html.append(block("Client properties", rows));
        }
        for (String[] part : new String[][]{{"environment", "Environment"}, {"ceilings", "Ceilings"}, {"thresholds", "Thresholds"}}) {
            JsonNode node = Fields.object(result, part[0]);
            if (node != null && !node.isEmpty()) {
                List<String[]> rows = new ArrayList<>();
                node.properties().forEach(e -> rows.add(new String[]{e.getKey(), ContextField.format(e.getKey(), e.getValue())}));
                html.append(block(part[1], rows));
            }
        }
        return html.append("</div>\n</section>\n").toString();
    }

    private static List<String[]> command(JsonNode result) {
        List<String[]> rows = new ArrayList<>();
        String argv = String.join(" ", Fields.texts(result, "argv"));
        rows.add(new String[]{"command", "mqprobe " + orDash(Fields.text(result, "command")) + (argv.isEmpty() ? "" : " " + argv)});
        rows.add(new String[]{"status", RunStatus.of(Typed.document(result)).line()});
        rows.add(new String[]{"started", orDash(Fields.text(result, "startedAt"))});
        rows.add(new String[]{"finished", orDash(Fields.text(result, "finishedAt"))});
        Duration elapsed = RunStatus.elapsed(Typed.document(result));
        if (elapsed != null) {
            rows.add(new String[]{"elapsed", HumanUnits.durationMs((double) elapsed.toMillis())});
        }
        rows.add(new String[]{"mqprobe", orDash(Fields.text(result, "mqprobeVersion"))});
        rows.add(new String[]{"schema", orDash(Fields.text(result, "schema"))});
        return rows;
    }

    private static List<String[]> target(JsonNode target) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"driver", orDash(Fields.text(target, "driver"))});
        rows.add(new String[]{"bootstrap", orDash(Fields.text(target, "bootstrap"))});
        rows.add(new String[]{"embedded", Fields.flag(target, "embedded") ? "yes (started by mqprobe)" : "no"});
        List<String> brokers = new ArrayList<>();
        for (JsonNode b : Fields.objects(target, "brokers")) {
            brokers.add("id " + orDash(Fields.text(b, "id")) + " at " + orDash(Fields.text(b, "host")) + ":" + orDash(Fields.text(b, "port")));
        }
        rows.add(new String[]{"brokers", brokers.isEmpty() ? HumanUnits.NONE : String.join(", ", brokers)});
        return rows;
    }

    private static String block(String title, List<String[]> rows) {
        StringBuilder html = new StringBuilder("<div><h3>").append(Html.esc(title)).append("</h3><table class=\"kv\"><tbody>");
        for (String[] row : rows) {
            html.append("<tr><th>").append(Html.esc(row[0])).append("</th><td>").append(Html.esc(row[1])).append("</td></tr>");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    private static String orDash(String s) {
        return s == null ? HumanUnits.NONE : s;
    }
}
