package io.mqprobe.omb;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The end-of-run summary of {@code mqprobe run}: one line per workload, OMB's file, and where mqprobe differed. */
public final class OmbRunSummary {

    private OmbRunSummary() {
    }

    /** @param failures workloads that could not run or ran short of what they asked, one line each */
    public static void summarize(ResultDocument document, List<OmbWorkloadRun.Ran> ran, List<String> failures) {
        if (ran.isEmpty() && failures.isEmpty()) {
            return;
        }
        List<String> lines = new ArrayList<>(failures);
        List<String> notes = new ArrayList<>();
        boolean clientLimited = false;
        boolean oneWorkload = ran.size() == 1 && failures.isEmpty();
        for (OmbWorkloadRun.Ran r : ran) {
            String workload = r.plan().workload().name();
            if (!oneWorkload) {
                lines.add(workload + ": " + figures(r.step().result()));   // one workload's figures are the headline
            }
            lines.add(workload + ": OMB result " + r.ombFile().getFileName());
            r.verdict().problems().forEach(p -> lines.add(workload + ": " + p));
            r.notes().forEach(n -> notes.add(workload + ": " + n));
            clientLimited |= r.verdict().clientLimited();
        }
        String headline = oneWorkload
                ? ran.get(0).plan().workload().name() + ": " + figures(ran.get(0).step().result())
                : ran.size() + " OMB workloads ran" + (failures.isEmpty() ? "" : ", " + failures.size() + " failed");
        document.setSummary(new ResultDocument.Summary(headline, lines, clientLimited, notes));
    }

    /** OMB's headline figures: publish rate, publish latency (send to ack, as OMB measures it), end to end. */
    private static String figures(StepResult step) {
        String line = String.format(Locale.ROOT, "%,.0f msgs/s published (%s), publish p99 %s", step.recordsPerSecond(),
                ByteSize.formatRate(step.bytesPerSecond()), TimeSpan.formatMicros(step.serviceLatencyUs().p99()));
        if (step.e2eLatencyUs() != null && step.consumed() != null) {
            line += String.format(Locale.ROOT, ", end-to-end p99 %s, %,d consumed, lost %d",
                    TimeSpan.formatMicros(step.e2eLatencyUs().p99()), step.consumed().records(), step.consumed().lost());
        }
        return line;
    }
}
