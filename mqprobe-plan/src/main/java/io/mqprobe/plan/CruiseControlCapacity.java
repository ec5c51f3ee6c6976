package io.mqprobe.plan;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.units.HumanUnits;

import java.util.Locale;

/**
 * Cruise Control's broker capacity files for a planned Kafka broker, from what was measured: {@code capacity.json}
 * (CPU in percent) and {@code capacityCores.json} (CPU in cores). Cruise Control reads every value as a string: DISK
 * in MiB, NW_IN and NW_OUT in KiB/s, CPU "100" or {@code {"num.cores": "N"}} with N a whole number. One entry, broker
 * id -1, the default for every broker, since all brokers of the plan are alike. Cruise Control keeps its own
 * headroom ({@code *.capacity.threshold}), so these are what a broker can give, not the plan's load.
 *
 * @param diskMib      the planned disk per broker
 * @param nwInKibPerSecond  the NIC's capacity, as measured, else what the plan needs
 * @param cores        the measured broker's cores, rounded up to a whole core; null when not measured
 * @param doc          where each figure came from
 */
public record CruiseControlCapacity(long diskMib, long nwInKibPerSecond, long nwOutKibPerSecond, Integer cores, String doc) {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** The capacity of a broker of {@code plan}, or null when the plan is not Kafka's (Cruise Control balances Kafka only). */
    public static CruiseControlCapacity of(SizedPlan plan) {
        Double measuredNicBytesPerSecond = plan.nicCeilingBytesPerSecond();
        if (!plan.layout().get(0).name().equals("brokers")) {
            return null;
        }
        double disk = figure(plan, "disk per broker");
        double nicNeeded = figure(plan, "NIC per broker");
        boolean measured = measuredNicBytesPerSecond != null && measuredNicBytesPerSecond > 0;
        double nic = measured ? measuredNicBytesPerSecond : nicNeeded;
        Integer cores = plan.coresPerBroker() == null ? null : (int) Math.max(1, Math.ceil(plan.coresPerBroker()));
        String doc = String.format(Locale.ROOT, "mqprobe plan on %s: DISK the planned %s per broker; NW_IN and NW_OUT %s; "
                        + "CPU %s", plan.label(), HumanUnits.storage(disk),
                measured ? "the NIC ceiling the probe measured" : "what the plan needs per broker (no NIC ceiling was measured)",
                cores == null ? "100 % of a broker (its cores were not measured)"
                        : "a broker of " + HumanUnits.number(plan.coresPerBroker()) + " cores as measured"
                        + (cores != plan.coresPerBroker().doubleValue() ? ", rounded up to whole cores" : ""));
        return new CruiseControlCapacity(Math.round(Math.ceil(disk / (1 << 20))), Math.round(nic / 1024),
                Math.round(nic / 1024), cores, doc);
    }

    /** {@code capacity.json}: CPU in percent of the broker. */
    public ObjectNode capacityJson() {
        return file(JSON.objectNode().put("DISK", Long.toString(diskMib)).put("CPU", "100"));
    }

    /** {@code capacityCores.json}: CPU in cores; null when the cores were not measured. */
    public ObjectNode capacityCoresJson() {
        if (cores == null) {
            return null;
        }
        ObjectNode capacity = JSON.objectNode().put("DISK", Long.toString(diskMib));
        capacity.putObject("CPU").put("num.cores", Integer.toString(cores));
        return file(capacity);
    }

    private ObjectNode file(ObjectNode capacity) {
        capacity.put("NW_IN", Long.toString(nwInKibPerSecond)).put("NW_OUT", Long.toString(nwOutKibPerSecond));
        ObjectNode root = JSON.objectNode();
        ObjectNode broker = root.putArray("brokerCapacities").addObject();
        broker.put("brokerId", "-1");
        broker.set("capacity", capacity);
        broker.put("doc", doc);
        return root;
    }

    private static double figure(SizedPlan plan, String name) {
        return plan.figures().stream().filter(f -> f.figure().equals(name)).findFirst().orElseThrow().value();
    }
}
