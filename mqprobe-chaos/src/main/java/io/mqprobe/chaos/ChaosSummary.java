package io.mqprobe.chaos;

import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.result.ResultDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/** The end-of-run summary of {@code chaos}: the delivery line and the verdict table, one row per fault. */
final class ChaosSummary {

    private ChaosSummary() {
    }

    public static ResultDocument.Summary of(ChaosVerdict v) {
        String headline = (v.passed() ? "passed: " : "FAILED: ") + ChaosJudge.deliveryLine(v);
        List<List<String>> rows = new ArrayList<>();
        for (ChaosVerdict.Fault f : v.faults()) {
            rows.add(List.of(Objects.requireNonNullElse(f.fault(), "-"), f.brokers().stream().map(String::valueOf).collect(Collectors.joining(",")), Objects.requireNonNullElse(f.outcome(), "-"),
                    f.unavailableMs() == null ? "-" : f.unavailableMs() == 0 ? "none" : ms(f.unavailableMs())
                            + (f.unavailableFromMs() == null ? "" : " @+" + ms(f.unavailableFromMs())),
                    ms(f.newLeaderAfterMs()), ms(f.fullIsrAfterMs()), ms(f.consumerStallMs()),
                    f.lowestAckedPerSecond().isEmpty() ? "-" : String.format(Locale.ROOT, "%,.0f/s", f.lowestAckedPerSecond().getAsDouble()),
                    ms(f.recoveredAfterMs()), String.valueOf(f.errors())));
        }
        ResultDocument.Summary.Table table = new ResultDocument.Summary.Table(List.of("fault", "brokers", "outcome",
                "unavailable", "new leader", "full ISR", "cons.stall", "lowest acked", "recovered", "errors"), rows);
        List<String> lines = new ArrayList<>();
        if (!v.producerErrors().isEmpty()) {
            lines.add("producer errors: " + v.producerErrors().entrySet().stream()
                    .map(e -> e.getKey() + " × " + e.getValue()).collect(Collectors.joining(", ")));
        }
        List<String> notes = new ArrayList<>(v.problems());
        notes.add("times are from the moment each fault fired; unavailability and recovery have one-second resolution,"
                + " leader and ISR times the watch's half-second; '-' = did not happen within the run");
        return new ResultDocument.Summary(headline, lines, false, notes, List.of(), table);
    }

    private static String ms(Long value) {
        return value == null ? "-" : TimeSpan.formatMicros(value * 1000.0);
    }
}
