package io.mqprobe.report;

import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.VerdictFinder;

import java.util.List;

/** The sentences every report uses for a scenario's verdict points and for scenarios without a verdict. */
final class VerdictText {

    private VerdictText() {
    }

    /** The step with {@code index}, or null. */
    static StepResult step(ScenarioResult scenario, int index) {
        return scenario.steps().stream().filter(s -> s.index() == index).findFirst().orElse(null);
    }

    /** {@code 48.6 MB/s · 47,363 msgs/s · 3 clients}, from a verdict point (ceiling, knee). */
    static String point(ScenarioResult scenario, StepPoint point) {
        if (point == null) {
            return HumanUnits.NONE;
        }
        String text = figures(point.bytesPerSecond(), point.recordsPerSecond(), point.interval());
        if (point.pooled() != null) {
            return text + " · plateau of steps " + String.join(", ", point.pooled().stream().map(String::valueOf).toList());
        }
        String load = load(step(scenario, point.step()));
        return (load == null ? text : text + " · " + load) + (point.basis() == null ? "" : " · " + point.basis());
    }

    /** {@code 44.0 MB/s · 42,969 msgs/s · 2 clients}, from the sustainable point. */
    static String point(ScenarioResult scenario, SustainablePoint point) {
        if (point == null) {
            return HumanUnits.NONE;
        }
        String text = figures(point.bytesPerSecond(), point.recordsPerSecond(), point.interval());
        String load = load(step(scenario, point.step()));
        return load == null ? text : text + " · " + load;
    }

    /**
     * "limited by …" beside a sustainable load, "no paced rate passed: …" in place of one (the reason the bottleneck's
     * evidence carries), or null when neither is written.
     */
    static String sustainableDetail(ScenarioVerdict verdict) {
        SustainablePoint sustainable = verdict.sustainable();
        if (sustainable != null) {
            return sustainable.limitedBy() == null || sustainable.limitedBy().isBlank() ? null : "limited by " + sustainable.limitedBy();
        }
        Bottleneck bottleneck = verdict.bottleneck();
        return bottleneck == null ? null : bottleneck.evidence().stream().filter(e -> e.startsWith(VerdictFinder.NO_SUSTAINABLE))
                .findFirst().map(e -> "no paced rate passed: " + e.substring(VerdictFinder.NO_SUSTAINABLE.length())).orElse(null);
    }

    private static String figures(double bytesPerSecond, double recordsPerSecond, Estimate interval) {
        String text = HumanUnits.rate(bytesPerSecond) + " · " + HumanUnits.msgsPerSecond(recordsPerSecond);
        String precision = precision(interval);
        return precision == null ? text : text + " " + precision;
    }

    /**
     * "±3.1 % (12 readings)" of an interval, "±? (3 readings)" when too few readings gave none; null without an interval
     * (documents from before intervals).
     */
    static String precision(Estimate interval) {
        if (interval == null || interval.readings() == 0) {
            return null;
        }
        double mean = interval.mean();
        Double halfWidth = interval.halfWidth();
        String width = halfWidth == null || !(mean > 0) ? "±?" : "±" + HumanUnits.pct(100 * halfWidth / mean);
        int readings = interval.readings();
        return width + " (" + HumanUnits.count((double) readings) + (readings == 1 ? " reading)" : " readings)");
    }

    /** {@code 3 clients} or {@code 3 clients at 10,000 rec/s}, or null when the step is unknown. */
    static String load(StepResult step) {
        if (step == null) {
            return null;
        }
        String text = HumanUnits.counted(step.clients(), "client");
        Double target = step.targetRecordsPerSecond();
        return target == null ? text : text + " at " + HumanUnits.msgsPerSecond(target);
    }

    /** What a scenario without a verdict shows instead: skipped, nothing measured, or its last step. */
    static String withoutVerdict(ScenarioResult scenario, boolean runComplete) {
        if (scenario.skipped().isPresent()) {
            return "skipped: " + scenario.skipped().get();
        }
        List<StepResult> steps = scenario.steps();
        if (steps.isEmpty()) {
            return runComplete ? "no steps measured" : "not measured yet";
        }
        String figures = stepFigures(steps.get(steps.size() - 1));
        if (steps.size() == 1 && runComplete) {
            return figures;
        }
        String prefix = runComplete ? "no verdict" : "incomplete";
        return prefix + " after " + HumanUnits.counted(steps.size(), "step") + "; last: " + figures;
    }

    /** {@code 20.5 MB/s · 20,000 msgs/s · p99 4.1 ms · 1 client}. */
    static String stepFigures(StepResult step) {
        return HumanUnits.rate(step.bytesPerSecond()) + " · " + HumanUnits.msgsPerSecond(step.recordsPerSecond())
                + " · p99 " + (step.latencyUs() == null ? HumanUnits.NONE : HumanUnits.latencyUs(step.latencyUs().p99()))
                + " · " + load(step);
    }

    /**
     * The bottleneck in one short sentence: its summary's first clause (summaries read "verdict: detail" or
     * "verdict; detail"), naming who is tied when several resources are ("co-limited: client and broker-1 at the ceiling
     * (steps 2, 3)").
     */
    static String bottleneckHeadline(ScenarioVerdict verdict) {
        String summary = bottleneck(verdict);
        String clause = summary.substring(0, firstClauseEnd(summary));
        Bottleneck b = verdict.bottleneck();
        String coLimited = "co-limited ";
        if (b != null && Bottleneck.CO_LIMITED.equals(b.resource()) && b.source() != null && clause.startsWith(coLimited)) {
            List<String> names = List.of(b.source().split("\\+"));
            String who = names.size() == 1 ? names.get(0)
                    : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
            return "co-limited: " + who + " " + clause.substring(coLimited.length());
        }
        return clause;
    }

    /** What the summary says after its headline's clause, or null when the headline is the whole of it. */
    static String bottleneckDetail(ScenarioVerdict verdict) {
        String summary = bottleneck(verdict);
        int end = firstClauseEnd(summary);
        return end >= summary.length() ? null : summary.substring(end + 2);
    }

    private static int firstClauseEnd(String summary) {
        int colon = summary.indexOf(": ");
        int semicolon = summary.indexOf("; ");
        int end = colon < 0 ? semicolon : semicolon < 0 ? colon : Math.min(colon, semicolon);
        return end < 0 ? summary.length() : end;
    }

    /** The bottleneck's summary line ({@link Bottleneck} requires one), or a dash without a bottleneck. */
    static String bottleneck(ScenarioVerdict verdict) {
        Bottleneck b = verdict.bottleneck();
        return b == null ? HumanUnits.NONE : b.summary();
    }
}
