package io.mqprobe.probe;

import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.target.ClusterSession;
import io.mqprobe.run.target.Security;
import io.mqprobe.scenario.ScenarioSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * A plaintext vs SSL comparison in one probe ({@code --security plaintext,ssl}): every scenario runs once per
 * mode on the same embedded cluster, the SSL twin named {@code <name>-ssl} and its producers moved to the SSL
 * listener. With one mode the session's target already speaks it and the scenarios stay as they are.
 */
final class SecurityVariants {

    private SecurityVariants() {
    }

    static List<ScenarioSpec> of(List<ScenarioSpec> scenarios, List<Security> modes, ClusterSession cluster) {
        if (modes.size() < 2) {
            return scenarios;
        }
        List<ScenarioSpec> all = new ArrayList<>();
        for (ScenarioSpec scenario : scenarios) {
            for (Security mode : modes) {
                all.add(mode == Security.PLAINTEXT ? scenario
                        : scenario.variant(scenario.name() + suffix(mode), " (over SSL)", cluster.sslClientOverrides()));
            }
        }
        return all;
    }

    /**
     * After the probe: each twin's advice says what TLS cost against its plaintext scenario, measured beside it, rather
     * than asking for the plaintext probe that ran.
     */
    static void priceTls(ResultDocument document, List<ScenarioSpec> scenarios, List<Security> modes) {
        if (modes.size() < 2 || !modes.contains(Security.PLAINTEXT)) {
            return;
        }
        List<String> names = scenarios.stream().map(ScenarioSpec::name).toList();
        modes.stream().filter(mode -> mode != Security.PLAINTEXT).forEach(mode -> TlsCost.price(document, names, suffix(mode)));
    }

    private static String suffix(Security mode) {
        return "-" + mode.label();
    }
}
