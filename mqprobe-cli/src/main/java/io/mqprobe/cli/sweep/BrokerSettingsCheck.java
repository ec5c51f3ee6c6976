package io.mqprobe.cli.sweep;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.UsageException;
import io.mqprobe.sweep.SweepFactor;
import io.mqprobe.sweep.SweepStudy;

import java.util.List;
import java.util.Map;

/**
 * Asks the cluster, before any load runs, whether it knows every broker setting a sweep varies, whether
 * it can change it without a restart, and whether it would accept every value (a validate-only alter).
 */
final class BrokerSettingsCheck {

    private BrokerSettingsCheck() {
    }

    /** @throws UsageException naming the first setting or value the cluster would refuse */
    static void check(List<SweepStudy> studies, ClusterAdmin admin) {
        List<Integer> brokers = admin.describeBrokers().stream().map(BrokerInfo::id).sorted().toList();
        for (SweepStudy study : studies) {
            for (SweepFactor f : study.factors()) {
                if (f.kind() != SweepFactor.Kind.BROKER) {
                    continue;
                }
                for (int broker : brokers) {
                    BrokerSetting setting = admin.brokerSetting(broker, f.settingName());
                    if (setting == null) {
                        throw new UsageException("unknown broker setting '" + f.settingName() + "' (broker " + broker + ")");
                    }
                    if (setting.readOnly()) {
                        throw new UsageException("'" + f.settingName() + "' is a static broker setting (changed only by a restart);"
                                + " sweep changes dynamic broker settings only");
                    }
                    for (String value : f.values()) {
                        admin.validateBrokerConfig(broker, Map.of(f.settingName(), value));
                    }
                }
            }
        }
    }
}
