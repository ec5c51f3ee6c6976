package io.mqprobe.plan;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.report.PlanLimitText;

import java.util.Locale;
import java.util.stream.Collectors;

/** A plan for people: the terminal's text and plan.md, each figure followed by its arithmetic and what it rests on. */
public final class PlanText {

    private PlanText() {
    }

    public static String terminal(CapacityPlan plan) {
        StringBuilder out = new StringBuilder(asked(plan.asked())).append('\n');
        for (SizedPlan p : plan.plans()) {
            out.append('\n').append(heading(p)).append('\n');
            out.append("  ").append(layout(p)).append('\n');
            for (Reckoning r : p.figures()) {
                out.append(String.format(Locale.ROOT, "  %-22s %s%n", r.figure(), r.shown()));
                out.append("      = ").append(r.arithmetic()).append('\n');
                out.append("      rests on: ").append(r.restsOn()).append('\n');
            }
            out.append("  ").append(limit(p.sustainable())).append('\n');
            if (!p.limits().isEmpty()) {
                out.append("  first to run out of ").append(limitNames(p)).append(": ").append(limit(p.limits().get(0))).append('\n');
                p.limits().stream().skip(1).forEach(l -> out.append("    then ").append(limit(l)).append('\n'));
            }
            p.notes().forEach(n -> out.append("  note: ").append(n).append('\n'));
        }
        out.append('\n');
        if (plan.cheapest() != null && plan.plans().size() > 1) {
            out.append(cheapest(plan)).append('\n');
        }
        plan.refused().forEach(r -> out.append("refused: ").append(r).append('\n'));
        return out.toString();
    }

    public static String markdown(CapacityPlan plan) {
        StringBuilder md = new StringBuilder("# Capacity plan\n\n").append(asked(plan.asked())).append("\n\n");
        for (SizedPlan p : plan.plans()) {
            md.append("## ").append(heading(p)).append("\n\n").append(layout(p)).append("\n\n")
                    .append("| figure | value | arithmetic | rests on |\n|---|---|---|---|\n");
            for (Reckoning r : p.figures()) {
                md.append("| ").append(esc(r.figure())).append(" | ").append(esc(r.shown())).append(" | ")
                        .append(esc(r.arithmetic())).append(" | ").append(esc(r.restsOn())).append(" |\n");
            }
            md.append('\n');
            md.append("- ").append(esc(limit(p.sustainable()))).append('\n');
            if (!p.limits().isEmpty()) {
                md.append("- first to run out of ").append(limitNames(p)).append(": ").append(esc(limit(p.limits().get(0)))).append('\n');
                p.limits().stream().skip(1).forEach(l -> md.append("- then ").append(esc(limit(l))).append('\n'));
            }
            p.notes().forEach(n -> md.append("- note: ").append(esc(n)).append('\n'));
            md.append('\n');
        }
        if (plan.cheapest() != null && plan.plans().size() > 1) {
            md.append(esc(cheapest(plan))).append("\n\n");
        }
        plan.refused().forEach(r -> md.append("- refused: ").append(esc(r)).append('\n'));
        return md.toString();
    }

    static String asked(BusinessLoad a) {
        String growth = a.growthPerYear() == 0 ? "no growth"
                : "growing " + Planner.pct(a.growthPerYear()) + " a year for " + HumanUnits.number(a.horizonYears()) + " years";
        return String.format(Locale.ROOT, "plan for a peak of %s (%s of %,d B), %s; retention %s, RF %d, %d consumer group%s "
                        + "(the largest with %d consumer%s), %s headroom",
                Planner.mb(a.peakBytesPerSecond()), HumanUnits.msgsPerSecond(a.peakBytesPerSecond() / a.recordSizeBytes()),
                a.recordSizeBytes(), growth, Planner.retention(a.retention()), a.replicationFactor(),
                a.consumerGroups(), a.consumerGroups() == 1 ? "" : "s", a.consumerParallelism(),
                a.consumerParallelism() == 1 ? "" : "s", Planner.pct(a.headroom()));
    }

    static String heading(SizedPlan p) {
        return "on " + p.label() + " (" + p.driver()
                + (p.coresPerBroker() == null ? "" : ", brokers of " + HumanUnits.number(p.coresPerBroker()) + " cores") + ")";
    }

    static String layout(SizedPlan p) {
        return p.layout().stream().map(r -> r.count() + " " + r.name()).collect(Collectors.joining(", "));
    }

    static String limitNames(SizedPlan p) {
        return p.limits().stream().map(Exhaustion::limit).collect(Collectors.joining(", "));
    }

    static String limit(Exhaustion l) {
        return PlanLimitText.line(l.limit(), l.usedPct(), l.limitPct(), l.growth(), l.years(), l.restsOn());
    }

    static String cheapest(CapacityPlan plan) {
        SizedPlan best = plan.plans().stream().filter(p -> p.label().equals(plan.cheapest())).findFirst().orElseThrow();
        String cores = best.totalCores() == null ? "" : String.format(Locale.ROOT, " × %s cores = %s broker cores",
                HumanUnits.number(best.coresPerBroker()), HumanUnits.number(best.totalCores()));
        return "cheapest: " + best.label() + ", " + best.brokerMachines() + " broker machines" + cores
                + " (the fewest broker cores: mqprobe knows no prices)";
    }

    private static String esc(String s) {
        return s.replace("|", "\\|");
    }
}
