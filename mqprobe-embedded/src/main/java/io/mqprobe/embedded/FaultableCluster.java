package io.mqprobe.embedded;

import java.util.List;

/**
 * The fault operations of an embedded cluster, by node id: what {@link FaultRunner} turns a
 * {@link io.mqprobe.api.fault.FaultSpec} into. Each blocks until the act is done (a restarted node serves).
 */
public interface FaultableCluster {

    List<Integer> nodeIds();

    /** kill -9. */
    void kill(int id);

    /** SIGTERM, then kill -9 after a timeout. */
    void stop(int id);

    /** Stop if running, start again with the same data, wait until it serves. */
    void restart(int id);

    /** Stop, delete the node's data, start again. */
    void wipe(int id);

    /** SIGSTOP. */
    void pause(int id);

    /** SIGCONT. */
    void resume(int id);

    /** Cut the node off every other node and every client. */
    void partition(int id);

    void heal(int id);

    /** Throttle the node's disk writes; 0 restores its usual limit. */
    void throttleWrites(int id, long bytesPerSecond);
}
