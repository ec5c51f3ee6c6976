package io.mqprobe.embedded;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.embedded.isolation.NetShape;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Stands in for an mqprobe process that is killed with kill -9: makes a run dir with a state file
 * naming itself, and (as root) a node's cgroup, network namespace and links; then says "ready" and waits.
 */
public final class LeftoverMaker {

    private LeftoverMaker() {
    }

    public static void main(String[] args) throws Exception {
        Path runDir = RunDirs.prepare(Path.of(args[0]), "unused-");
        ProcessNode node = new ProcessNode(1, "node-1", runDir.resolve("node-1"), "127.0.0.1", 1, Map.of());
        new ClusterState("leftover", false, ProcessHandle.current().pid(), Map.of(), List.of(ClusterState.Node.of(node))).write(runDir);
        if (args.length > 1) {
            IsolationOptions options = new IsolationOptions(InstanceSpec.parse("0.25c256m"), 0, true, NetShape.parse("100mbit"), 0);
            BrokerIsolation.open(options, BrokerIsolation.plan(options, 1), List.of("node-1"), runDir, System.out::println);
        }
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(120_000);
    }
}
