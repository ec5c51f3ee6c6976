package io.mqprobe.chaos;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;
import io.mqprobe.embedded.FaultRunner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Resolves {@code leader} and {@code controller} through the driver's admin when a fault fires, and
 * remembers which broker a role fault took down: {@code restart:leader} after {@code kill:leader} starts
 * the broker that was killed, not whichever broker leads by then.
 */
public final class FaultRoles implements FaultRunner.RoleResolver {

    private final ClusterAdmin admin;
    private final String topic;
    private final Map<String, List<Integer>> downByRole = new HashMap<>();

    public FaultRoles(ClusterAdmin admin, String topic) {
        this.admin = admin;
        this.topic = topic;
    }

    /**
     * The broker leading most of the topic's partitions (on a tie, one that is not the controller, so a
     * leader fault tests fail-over rather than the quorum); the controller as the cluster names it.
     */
    @Override
    public List<Integer> resolve(FaultTarget target) {
        OptionalInt controller = controllerQuietly();
        if ("controller".equals(target.role())) {
            return controller.isPresent() ? List.of(controller.getAsInt()) : List.of();
        }
        Map<Integer, Integer> led = new HashMap<>();
        for (PartitionInfo p : admin.describeTopic(topic)) {
            if (p.leader() >= 0) {
                led.merge(p.leader(), 1, Integer::sum);
            }
        }
        return led.keySet().stream().min(Comparator.<Integer>comparingInt(id -> -led.get(id))
                        .thenComparing(id -> controller.isPresent() && controller.getAsInt() == id)
                        .thenComparing(Comparator.naturalOrder()))
                .map(List::of).orElse(List.of());
    }

    private OptionalInt controllerQuietly() {
        try {
            return admin.controllerId();
        } catch (RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /** The specs to apply for {@code fault}: a restart of a role whose broker a fault took down goes to that broker. */
    synchronized List<FaultSpec> rewrite(FaultSpec fault) {
        List<Integer> down = downByRole.get(fault.target().toString());
        if (!(fault instanceof FaultSpec.Restart) || down == null || fault.target().brokerId() > 0) {
            return List.of(fault);
        }
        downByRole.remove(fault.target().toString());
        List<FaultSpec> each = new ArrayList<>();
        for (int id : down) {
            each.add(new FaultSpec.Restart(FaultTarget.broker(id), fault.startMs(), fault.durationMs()));
        }
        return each;
    }

    /** Remembers brokers a role fault left down (no duration: they stay down until a restart). */
    synchronized void applied(FaultSpec fault, List<Integer> brokers) {
        boolean leavesDown = fault instanceof FaultSpec.Kill || fault instanceof FaultSpec.Stop;
        if (leavesDown && fault.durationMs() == 0 && fault.target().brokerId() == 0) {
            downByRole.put(fault.target().toString(), List.copyOf(brokers));
        }
    }
}
