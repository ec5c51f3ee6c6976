package io.mqprobe.sweep;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.UsageException;

import java.util.List;
import java.util.Map;

/**
 * Asks the cluster, before any load runs, whether it knows every broker setting a sweep varies and whether
 * it would accept every value: a dynamic setting by a validate-only alter, a static one (changed only by a
 * restart) by the broker's own definition of it, and only on an embedded cluster mqprobe started and can restart.
 */
public final class BrokerSettingsCheck {

    private BrokerSettingsCheck() {
    }

    /**
     * @param restarts how static settings are changed by restarting brokers (an embedded Kafka cluster mqprobe started), or null
     * @throws UsageException naming the first setting or value the cluster would refuse
     */
    public static void check(List<SweepStudy> studies, ClusterAdmin admin, EmbeddedRestarts restarts) {
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
                        if (restarts == null) {
                            throw new UsageException("'" + f.settingName() + "' is a static broker setting (changed only by a restart);"
                                    + " sweep restarts brokers only on an embedded Kafka cluster mqprobe started");
                        }
                        f.values().forEach(value -> restarts.check(f.settingName(), value));
                        continue;
                    }
                    for (String value : f.values()) {
                        admin.validateBrokerConfig(broker, Map.of(f.settingName(), value));
                    }
                }
            }
        }
    }
}
