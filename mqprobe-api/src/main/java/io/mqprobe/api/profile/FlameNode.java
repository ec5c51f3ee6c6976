package io.mqprobe.api.profile;

import java.util.List;

/**
 * One frame of a flame graph: the samples whose stacks pass through it, and the frames called from it. The root is
 * the process; its children are thread pools, then frames from the thread's entry to the running one.
 */
public record FlameNode(String name, long samples, List<FlameNode> children) {

    public FlameNode {
        children = children == null ? List.of() : List.copyOf(children);
    }
}
