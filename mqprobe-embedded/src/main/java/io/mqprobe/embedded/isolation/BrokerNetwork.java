package io.mqprobe.embedded.isolation;

import io.mqprobe.embedded.EmbeddedClusterException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each broker in its own network namespace, joined by a bridge in the root namespace that also gives
 * the clients (mqprobe itself) a way in. Each broker's link is shaped both ways with tc (tbf rate, netem
 * delay), so its NIC capacity is real. Addresses come from a /24 that no route on the machine uses.
 *
 * <p>Names: namespace {@code <tag>-<node>}; interface names are limited to 15 characters, so the bridge
 * is {@code <iftag>br} and a broker's host-side link {@code <iftag>v<index>}, {@code iftag} being
 * {@code mqprobe-<pid>} (the pid in base 36 when decimal does not fit).
 */
public final class BrokerNetwork {

    private static final int SUBNET_BASE = 213;   // 10.213.x.0/24 first, then 10.214..., skipping any routed one

    private final String tag;
    private final String subnetPrefix;
    private final NetShape shape;
    private final Map<String, Integer> indexByNode;

    private BrokerNetwork(String tag, String subnetPrefix, NetShape shape, Map<String, Integer> indexByNode) {
        this.tag = tag;
        this.subnetPrefix = subnetPrefix;
        this.shape = shape;
        this.indexByNode = indexByNode;
    }

    /** Creates the bridge and one namespace per node. @throws EmbeddedClusterException naming the failing command */
    static BrokerNetwork create(String tag, NetShape shape, List<String> nodeNames) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < nodeNames.size(); i++) {
            index.put(nodeNames.get(i), i + 1);
        }
        BrokerNetwork net = new BrokerNetwork(tag, freeSubnet(), shape, index);
        net.createBridge();
        for (String node : nodeNames) {
            net.createNamespace(node);
        }
        return net;
    }

    /** The network of a cluster created by another mqprobe process, from its state settings. */
    static BrokerNetwork existing(String tag, String subnetPrefix, NetShape shape, List<String> nodeNames) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < nodeNames.size(); i++) {
            index.put(nodeNames.get(i), i + 1);
        }
        return new BrokerNetwork(tag, subnetPrefix, shape, index);
    }

    String subnetPrefix() {
        return subnetPrefix;
    }

    NetShape shape() {
        return shape;
    }

    String namespace(String node) {
        return namespaceName(tag, node);
    }

    static String namespaceName(String tag, String node) {
        return tag + "-" + node;
    }

    /** The node's address inside its namespace. */
    String host(String node) {
        return subnetPrefix + "." + (10 + indexByNode.get(node));
    }

    /** Cuts the node off the bridge: no other broker and no client reaches it, nor it them. */
    void partition(String node) {
        Shell.run("ip", "link", "set", hostLink(node), "down");
    }

    void heal(String node) {
        Shell.run("ip", "link", "set", hostLink(node), "up");
    }

    /** Removes namespaces, links and the bridge (the qdiscs go with their links). Best effort, never throws. */
    void remove() {
        for (String node : indexByNode.keySet()) {
            Shell.attempt("ip", "link", "del", hostLink(node));
            Shell.attempt("ip", "netns", "del", namespace(node));
        }
        Shell.attempt("ip", "link", "del", bridge());
    }

    private void createBridge() {
        Shell.run("ip", "link", "add", bridge(), "type", "bridge");
        Shell.run("ip", "addr", "add", subnetPrefix + ".1/24", "dev", bridge());
        Shell.run("ip", "link", "set", bridge(), "up");
    }

    private void createNamespace(String node) {
        String ns = namespace(node);
        String host = hostLink(node);
        String peer = ifName(tag, "p" + indexByNode.get(node));
        Shell.run("ip", "netns", "add", ns);
        Shell.run("ip", "link", "add", host, "type", "veth", "peer", "name", peer);
        Shell.run("ip", "link", "set", peer, "netns", ns);
        Shell.run("ip", "-n", ns, "link", "set", peer, "name", "eth0");
        Shell.run("ip", "-n", ns, "addr", "add", host(node) + "/24", "dev", "eth0");
        Shell.run("ip", "-n", ns, "link", "set", "lo", "up");
        Shell.run("ip", "-n", ns, "link", "set", "eth0", "up");
        Shell.run("ip", "link", "set", host, "master", bridge());
        Shell.run("ip", "link", "set", host, "up");
        // into the broker: the host side's egress; out of it: its eth0's egress (delay on one side makes the RTT)
        shape(List.of("tc"), host, false);
        shape(List.of("ip", "netns", "exec", ns, "tc"), "eth0", shape.delayMs() > 0);
    }

    private void shape(List<String> tc, String dev, boolean withDelay) {
        String burst = Math.max(32, shape.rateBitsPerSecond() / 8 / 250 / 1024) + "kb";   // ~4 ms of traffic, at least 32 KiB
        if (withDelay) {
            run(tc, "qdisc", "add", "dev", dev, "root", "handle", "1:", "netem", "delay", shape.delayMs() + "ms");
            run(tc, "qdisc", "add", "dev", dev, "parent", "1:1", "handle", "10:", "tbf", "rate", shape.tcRate(),
                    "burst", burst, "latency", "50ms");
        } else {
            run(tc, "qdisc", "add", "dev", dev, "root", "tbf", "rate", shape.tcRate(), "burst", burst, "latency", "50ms");
        }
    }

    private static void run(List<String> prefix, String... args) {
        String[] cmd = new String[prefix.size() + args.length];
        for (int i = 0; i < prefix.size(); i++) {
            cmd[i] = prefix.get(i);
        }
        System.arraycopy(args, 0, cmd, prefix.size(), args.length);
        Shell.run(cmd);
    }

    private String bridge() {
        return ifName(tag, "br");
    }

    private String hostLink(String node) {
        return ifName(tag, "v" + indexByNode.get(node));
    }

    /** {@code mqprobe-<pid><suffix>} within the kernel's 15 characters (the pid in base 36 when needed). */
    static String ifName(String tag, String suffix) {
        String name = tag + suffix;
        if (name.length() <= 15) {
            return name;
        }
        long pid = Long.parseLong(tag.substring(tag.lastIndexOf('-') + 1));
        return "mqprobe-" + Long.toString(pid, 36) + suffix;
    }

    /** The first 10.N.x.0/24 that no route on the machine overlaps (another mqprobe's bridge included). */
    private static String freeSubnet() {
        String routes = Shell.run("ip", "-4", "route", "show", "table", "all");
        for (int second = SUBNET_BASE; second < 255; second++) {
            if (routes.contains("10." + second + ".0.0/16") || routes.contains("10.0.0.0/8") || routes.contains("default via 10." + second + ".")) {
                continue;
            }
            for (int third = 0; third < 256; third++) {
                String prefix = "10." + second + "." + third;
                if (!routes.contains(prefix + ".")) {
                    return prefix;
                }
            }
        }
        throw new EmbeddedClusterException("no free 10.x.y.0/24 subnet for the broker network");
    }
}
