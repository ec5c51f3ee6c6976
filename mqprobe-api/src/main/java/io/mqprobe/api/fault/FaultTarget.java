package io.mqprobe.api.fault;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Sources;

import java.util.OptionalInt;

/**
 * Which broker a fault hits, resolved when the fault fires (the leader at 10 s may not be the
 * leader at the start): a fixed {@code broker-N}, spelled as the broker's source everywhere ({@link Sources}), or a
 * role.
 *
 * @param role     {@code broker}, {@code leader}, {@code controller}, {@code random} or {@code all}
 * @param brokerId the broker id for role {@code broker}, else 0
 */
public record FaultTarget(String role, int brokerId) {

    public static final FaultTarget LEADER = new FaultTarget("leader", 0);
    public static final FaultTarget ALL = new FaultTarget("all", 0);

    public FaultTarget {
        boolean fixed = "broker".equals(role);
        if (!(fixed || "leader".equals(role) || "controller".equals(role) || "random".equals(role) || "all".equals(role))
                || (fixed != brokerId > 0)) {
            throw new UsageException("bad fault target '" + role + (brokerId > 0 ? "-" + brokerId : "")
                    + "' (broker-N, leader, controller, random, all)");
        }
    }

    /** {@code broker-2}, {@code leader}, ... */
    @JsonCreator
    public static FaultTarget parse(String text) {
        if (Sources.isBroker(text)) {
            OptionalInt id = Sources.brokerId(text);
            if (id.isEmpty()) {
                throw new UsageException("bad fault target '" + text + "' (broker-N, leader, controller, random, all)");
            }
            return new FaultTarget("broker", id.getAsInt());
        }
        return new FaultTarget(text, 0);
    }

    public static FaultTarget broker(int id) {
        return new FaultTarget("broker", id);
    }

    @JsonValue
    @Override
    public String toString() {
        return brokerId > 0 ? Sources.broker(brokerId) : role;
    }
}
