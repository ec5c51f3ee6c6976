package io.mqprobe.report;

import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultDocument.BrokerEntry;
import io.mqprobe.result.ResultDocument.Ceilings;
import io.mqprobe.result.ResultDocument.TargetInfo;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.RunEnvironment;
import io.mqprobe.search.Thresholds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run's context at the end of the HTML report: command, target (client properties as the document
 * gives them, masked again in case a secret slipped through), environment, ceilings and thresholds.
 */
final class HtmlContext {

    private HtmlContext() {
    }

    /** {@code elapsed} is null when the run has no end yet. */
    static String render(ResultDocument result, RunStatus status, Duration elapsed) {
        StringBuilder html = new StringBuilder("<section class=\"card context\" id=\"run\">\n<h2>Run</h2>\n<div class=\"grid kv-grid\">\n");
        html.append(block("Command", command(result, status, elapsed)));
        TargetInfo target = result.target().orElse(null);
        html.append(block("Target", target(target)));
        Map<String, String> props = target == null ? null : target.clientProperties();
        if (props != null && !props.isEmpty()) {
            List<String[]> rows = new ArrayList<>();
            props.forEach((key, value) -> rows.add(new String[]{key, SecretRedaction.isSecret(key) ? SecretRedaction.MASK : String.valueOf(value)}));
            html.append(block("Client properties", rows));
        }
        if (result.environment() != null) {
            html.append(block("Environment", environment(result.environment())));
        }
        result.ceilings().ifPresent(ceilings -> html.append(block("Ceilings", ceilings(ceilings))));
        result.thresholds().ifPresent(thresholds -> html.append(block("Thresholds", thresholds(thresholds))));
        return html.append("</div>\n</section>\n").toString();
    }

    private static List<String[]> command(ResultDocument result, RunStatus status, Duration elapsed) {
        List<String[]> rows = new ArrayList<>();
        String argv = String.join(" ", result.argv().stream().filter(a -> a != null).toList());
        rows.add(new String[]{"command", "mqprobe " + orDash(result.command()) + (argv.isEmpty() ? "" : " " + argv)});
        rows.add(new String[]{"status", status.line()});
        rows.add(new String[]{"started", orDash(result.startedAt())});
        rows.add(new String[]{"finished", orDash(result.finishedAt().orElse(null))});
        if (elapsed != null) {
            rows.add(new String[]{"elapsed", HumanUnits.durationMs((double) elapsed.toMillis())});
        }
        rows.add(new String[]{"mqprobe", orDash(result.mqprobeVersion())});
        rows.add(new String[]{"schema", orDash(result.schema())});
        return rows;
    }

    private static List<String[]> target(TargetInfo target) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"driver", orDash(target == null ? null : target.driver())});
        rows.add(new String[]{"bootstrap", orDash(target == null ? null : target.bootstrap())});
        rows.add(new String[]{"embedded", target != null && target.embedded() ? "yes (started by mqprobe)" : "no"});
        List<String> brokers = new ArrayList<>();
        for (BrokerEntry b : target == null || target.brokers() == null ? List.<BrokerEntry>of() : target.brokers()) {
            brokers.add("id " + b.id() + " at " + orDash(b.host()) + ":" + b.port());
        }
        rows.add(new String[]{"brokers", brokers.isEmpty() ? HumanUnits.NONE : String.join(", ", brokers)});
        return rows;
    }

    private static List<String[]> environment(RunEnvironment environment) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"hostname", ContextField.text(environment.hostname())});
        rows.add(new String[]{"cores", ContextField.format("cores", environment.cores())});
        rows.add(new String[]{"memoryBytes", ContextField.format("memoryBytes", environment.memoryBytes())});
        rows.add(new String[]{"os", ContextField.text(environment.os())});
        rows.add(new String[]{"java", ContextField.text(environment.java())});
        return rows;
    }

    /** The two ceilings as result.json holds them (flat, null when unknown), then the links when measured. */
    private static List<String[]> ceilings(Ceilings ceilings) {
        List<String[]> rows = new ArrayList<>();
        Ceiling disk = ceilings.disk();
        Ceiling nic = ceilings.nic();
        rows.add(new String[]{"diskWriteBytesPerSecond", ContextField.format("diskWriteBytesPerSecond", disk == null ? null : disk.bytesPerSecond())});
        rows.add(new String[]{"diskSource", ContextField.text(disk == null ? null : disk.source())});
        rows.add(new String[]{"nicBytesPerSecond", ContextField.format("nicBytesPerSecond", nic == null ? null : nic.bytesPerSecond())});
        rows.add(new String[]{"nicSource", ContextField.text(nic == null ? null : nic.source())});
        if (ceilings.links() != null) {
            rows.add(new String[]{"links", ResultJson.MAPPER.valueToTree(ceilings.links()).toString()});
        }
        if (ceilings.narrowLinks() != null) {
            rows.add(new String[]{"narrowLinks", ResultJson.MAPPER.valueToTree(ceilings.narrowLinks()).toString()});
        }
        return rows;
    }

    private static List<String[]> thresholds(Thresholds thresholds) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"cpuPct", ContextField.format("cpuPct", thresholds.cpuPct())});
        rows.add(new String[]{"iowaitPct", ContextField.format("iowaitPct", thresholds.iowaitPct())});
        rows.add(new String[]{"nicPct", ContextField.format("nicPct", thresholds.nicPct())});
        rows.add(new String[]{"diskPct", ContextField.format("diskPct", thresholds.diskPct())});
        rows.add(new String[]{"sloP99Ms", ContextField.format("sloP99Ms",
                thresholds.sloP99() == null ? null : thresholds.sloP99().toNanos() / 1e6)});
        rows.add(new String[]{"plateauGainPct", ContextField.format("plateauGainPct", thresholds.plateauGainPct())});
        rows.add(new String[]{"plateauSteps", ContextField.format("plateauSteps", thresholds.plateauSteps())});
        rows.add(new String[]{"maxErrorRatio", ContextField.format("maxErrorRatio", thresholds.maxErrorRatio())});
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
        return HtmlScenario.written(s) == null ? HumanUnits.NONE : s;
    }
}
