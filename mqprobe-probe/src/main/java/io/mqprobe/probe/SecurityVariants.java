package io.mqprobe.probe;

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
                        : scenario.variant(scenario.name() + "-" + mode.label(), " (over SSL)", cluster.sslClientOverrides()));
            }
        }
        return all;
    }
}
