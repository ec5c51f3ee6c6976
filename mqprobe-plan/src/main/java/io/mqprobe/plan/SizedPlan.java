package io.mqprobe.plan;

import java.util.List;

/**
 * The plan on one measured broker size.
 *
 * @param label          the measurement it rests on (a result file or an instance size)
 * @param driver         the system planned
 * @param coresPerBroker one broker's cores as measured, or null
 * @param layout         the machines to run
 * @param brokerMachines the machines that hold data (brokers; masters and slaves), what the size is bought for
 * @param figures        every figure with its arithmetic, brokers first
 * @param sustainable    how much of the measured sustainable load per node the planned peak uses
 * @param limits         CPU, disk write and NIC at the planned peak, the one that runs out first first
 * @param notes          caveats: lower bounds accepted, assumptions the measurement could not check
 * @param nicCeilingBytesPerSecond the NIC ceiling the measurement used, or null
 */
public record SizedPlan(String label, String driver, Double coresPerBroker, List<Role> layout, int brokerMachines,
                        List<Reckoning> figures, Exhaustion sustainable, List<Exhaustion> limits, List<String> notes,
                        Double nicCeilingBytesPerSecond) {

    /** Broker cores to buy: what "cheapest" compares when mqprobe knows no prices; null when cores were not measured. */
    public Double totalCores() {
        return coresPerBroker == null ? null : coresPerBroker * brokerMachines;
    }
}
