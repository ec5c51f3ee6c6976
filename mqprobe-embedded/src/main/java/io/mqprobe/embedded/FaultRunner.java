package io.mqprobe.embedded;

import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;

import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Executes faults given as data on an embedded cluster: resolves the target, applies the fault, and
 * hands back how to undo it. Timing (the fault's start within a step) is the caller's; {@link #runFor}
 * does act, wait {@code durationMs}, undo in one call for simple callers and tests.
 *
 * <p>{@code broker-N}, {@code random} and {@code all} resolve here; {@code leader} and {@code controller}
 * need the cluster's admin, so the caller supplies a {@link RoleResolver}.
 */
public final class FaultRunner {

    private final FaultableCluster cluster;
    private final RoleResolver roles;
    private final Random random;

    /** Resolves {@code leader} and {@code controller} to node ids, when the fault fires. */
    @FunctionalInterface
    public interface RoleResolver {
        /** @return the node ids, or empty when the role has no holder now (no leader) */
        List<Integer> resolve(FaultTarget target);

        /** For clusters or callers that know no roles: every role target is refused in one line. */
        RoleResolver NONE = target -> {
            throw new EmbeddedClusterException("fault target '" + target + "' needs the cluster's admin; use broker-N, random or all");
        };
    }

    public FaultRunner(FaultableCluster cluster, RoleResolver roles, Random random) {
        this.cluster = cluster;
        this.roles = roles;
        this.random = random;
    }

    /** The node ids {@code target} names now. @throws EmbeddedClusterException for an unknown broker or an unheld role */
    public List<Integer> resolve(FaultTarget target) {
        List<Integer> ids = cluster.nodeIds();
        List<Integer> resolved = switch (target.role()) {
            case "broker" -> {
                if (!ids.contains(target.brokerId())) {
                    throw new EmbeddedClusterException("no broker " + target.brokerId() + " in this cluster (brokers " + ids + ")");
                }
                yield List.of(target.brokerId());
            }
            case "random" -> List.of(ids.get(random.nextInt(ids.size())));
            case "all" -> ids;
            default -> roles.resolve(target);
        };
        if (resolved.isEmpty()) {
            throw new EmbeddedClusterException("fault target '" + target + "' resolves to no broker now");
        }
        return resolved;
    }

    /** Applies the fault now; the returned undo restores the node(s) (start, resume, heal, lift). */
    public AppliedFault apply(FaultSpec spec) {
        List<Integer> ids = resolve(spec.target());
        Runnable undo = switch (spec.kind()) {
            case "kill" -> each(ids, cluster::kill, cluster::restart);
            case "stop" -> each(ids, cluster::stop, cluster::restart);
            case "all-down" -> each(cluster.nodeIds(), cluster::kill, cluster::restart);
            case "restart" -> each(ids, cluster::restart, id -> { });
            case "wipe" -> each(ids, cluster::wipe, id -> { });
            case "pause" -> each(ids, cluster::pause, cluster::resume);
            case "partition" -> each(ids, cluster::partition, cluster::heal);
            case "slow-disk" -> {
                long rate = ((FaultSpec.SlowDisk) spec).writeBytesPerSecond();
                yield each(ids, id -> cluster.throttleWrites(id, rate), id -> cluster.throttleWrites(id, 0));
            }
            default -> throw new EmbeddedClusterException("no embedded fault for kind '" + spec.kind() + "'");
        };
        return new AppliedFault(spec instanceof FaultSpec.AllDown ? cluster.nodeIds() : ids, undo);
    }

    /**
     * Applies the fault, waits its duration, undoes it. A zero duration leaves the fault in place (a
     * single act, or until the run ends) and returns its undo for the caller to run when it wants.
     */
    public Optional<AppliedFault> runFor(FaultSpec spec) throws InterruptedException {
        AppliedFault applied = apply(spec);
        if (spec.durationMs() == 0) {
            return Optional.of(applied);
        }
        try {
            Thread.sleep(spec.durationMs());
        } finally {
            applied.undo();
        }
        return Optional.empty();
    }

    private interface NodeAct {
        void on(int id);
    }

    private static Runnable each(List<Integer> ids, NodeAct act, NodeAct undo) {
        ids.forEach(act::on);
        return () -> ids.forEach(undo::on);
    }
}
