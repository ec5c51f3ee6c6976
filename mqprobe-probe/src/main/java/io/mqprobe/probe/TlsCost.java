package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.StepPoint;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What TLS cost where one probe measured a scenario in plaintext and over SSL ({@code --security plaintext,ssl}): for
 * each process that spent a share of its CPU in TLS, its CPU per MB at each mode's ceiling, and the ceilings. The
 * measured line replaces the SSL twin's advice to run a plaintext probe, which has just run.
 */
final class TlsCost {

    private TlsCost() {
    }

    /** A completed scenario as the result document holds it. */
    record Measured(String name, ProbeVerdict verdict, List<StepResult> steps) {

        static Optional<Measured> of(ResultDocument document, String name) {
            return document.scenarios().stream().filter(s -> s.name().equals(name)).findFirst()
                    .filter(s -> s.verdict() instanceof ProbeVerdict v && v.findings().ceiling() != null)
                    .map(s -> new Measured(name, (ProbeVerdict) s.verdict(), s.steps()));
        }

        StepPoint ceiling() {
            return verdict.findings().ceiling();
        }

        /**
         * Milliseconds of {@code source}'s CPU per MB it carried at the ceiling, its cores read as the verdict reads
         * them; empty when not read there.
         */
        OptionalDouble cpuMsPerMb(String source) {
            OptionalDouble cores = ProbeJudge.resourcesAt(ProbeJudge.ceilingSteps(ceiling(), steps)).stream()
                    .filter(u -> u.source().equals(source) && u.metric().equals(Metric.CPU_CORES))
                    .mapToDouble(ResourceUsage::mean).findFirst();
            double mb = ceiling().bytesPerSecond() / 1e6;
            return cores.isEmpty() || mb <= 0 ? OptionalDouble.empty() : OptionalDouble.of(1000 * cores.getAsDouble() / mb);
        }
    }

    /** Every SSL twin in {@code document} whose plaintext scenario was measured too gets the measured cost of TLS. */
    static void price(ResultDocument document, List<String> plaintextNames, String suffix) {
        for (String name : plaintextNames) {
            Optional<Measured> plaintext = Measured.of(document, name);
            Optional<Measured> secured = Measured.of(document, name + suffix);
            if (plaintext.isPresent() && secured.isPresent()) {
                priced(plaintext.get(), secured.get())
                        .ifPresent(profile -> document.completeScenario(secured.get().name(), secured.get().verdict().withProfile(profile)));
            }
        }
    }

    /** The SSL twin's profile with each process's advice to probe plaintext priced; empty when none was given. */
    static Optional<ScenarioProfile> priced(Measured plaintext, Measured secured) {
        ScenarioProfile profile = secured.verdict().profile();
        if (profile == null || profile.advice().stream().noneMatch(line -> line.endsWith(WhyItBinds.PLAINTEXT_HINT))) {
            return Optional.empty();
        }
        return Optional.of(profile.withAdvice(profile.advice().stream().map(line -> !line.endsWith(WhyItBinds.PLAINTEXT_HINT) ? line
                : line.substring(0, line.length() - WhyItBinds.PLAINTEXT_HINT.length()) + ": "
                + cost(line.substring(0, line.indexOf(' ')), plaintext, secured)).toList()));
    }

    /**
     * "it used 4.6 ms of CPU per MB at single-ssl's ceiling (108.8 MB/s) against 3.6 ms at single's (137.6 MB/s), 28 %
     * more per MB; the ceiling is 21 % lower over SSL, and TLS turns off zero-copy fetches", for the process {@code source}.
     */
    static String cost(String source, Measured plaintext, Measured secured) {
        OptionalDouble withTls = secured.cpuMsPerMb(source);
        OptionalDouble without = plaintext.cpuMsPerMb(source);
        String perMb = withTls.isPresent() && without.isPresent()
                ? String.format(Locale.ROOT, "it used %.1f ms of CPU per MB at %s's ceiling (%s) against %.1f ms at %s's (%s), %s per MB; ",
                withTls.getAsDouble(), secured.name(), HumanUnits.mbPerSecond(secured.ceiling().bytesPerSecond()),
                without.getAsDouble(), plaintext.name(), HumanUnits.mbPerSecond(plaintext.ceiling().bytesPerSecond()),
                more(withTls.getAsDouble(), without.getAsDouble()))
                : String.format(Locale.ROOT, "%s's ceiling was %s against %s's %s; ", secured.name(),
                HumanUnits.mbPerSecond(secured.ceiling().bytesPerSecond()), plaintext.name(),
                HumanUnits.mbPerSecond(plaintext.ceiling().bytesPerSecond()));
        double lower = 1 - secured.ceiling().bytesPerSecond() / plaintext.ceiling().bytesPerSecond();
        String ceiling = lower >= 0 ? "the ceiling is " + HumanUnits.pct(100 * lower) + " lower over SSL"
                : "the ceiling is " + HumanUnits.pct(-100 * lower) + " higher over SSL (another limit bound first)";
        return perMb + ceiling + ", and TLS turns off zero-copy fetches";
    }

    private static String more(double withTls, double without) {
        double change = 100 * (withTls / without - 1);
        return change >= 0 ? HumanUnits.pct(change) + " more" : HumanUnits.pct(-change) + " less";
    }
}
