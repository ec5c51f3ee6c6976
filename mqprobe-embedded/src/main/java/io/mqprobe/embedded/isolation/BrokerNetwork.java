package io.mqprobe.embedded.isolation;



import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each broker in its own network namespace, joined by a bridge in the root namespace that also gives
 * the clients (mqprobe itself) a way in. Each broker's link is shaped both ways with tc (tbf rate, netem
 * delay), so its NIC capacity is real. Addresses come from a /24 that no route on the machine uses.
 *
 * <p>Names: namespace {@code <scope>-<node>} ({@code scope} = {@code mqprobe-<pid>-k<n>}, the n-th
 * isolated cluster of that process); interface names are limited to 15 characters, so the bridge is
 * {@code mqprobe-<id>br} and a broker's host-side link {@code mqprobe-<id>v<index>}, {@code id} being
 * {@code pid * 10 + n} in base 36.
 */
public final class BrokerNetwork {

    private static final int SUBNET_BASE = 213;   // 10.213.x.0/24 first, then 10.214..., skipping any routed one

    private final String scope;
    private final String ifTag;
    private final String subnetPrefix;
    private final NetShape shape;
    private final Map<String, Integer> indexByNode;

    private BrokerNetwork(String scope, String subnetPrefix, NetShape shape, Map<String, Integer> indexByNode) {
        this.scope = scope;
        this.ifTag = ifTag(scope);
        this.subnetPrefix = subnetPrefix;
        this.shape = shape;
        this.indexByNode = indexByNode;
    }

    /** Creates the bridge and one namespace per node. @throws IsolationException naming the failing command */
    static BrokerNetwork create(String scope, NetShape shape, List<String> nodeNames) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < nodeNames.size(); i++) {
            index.put(nodeNames.get(i), i + 1);
        }
        BrokerNetwork net = new BrokerNetwork(scope, freeSubnet(), shape, index);
        try {
            net.createBridge();
            for (String node : nodeNames) {
                net.createNamespace(node);
            }
            return net;
        } catch (RuntimeException e) {
            net.remove();
            throw e;
        }
    }

    /** The network of a cluster created by another mqprobe process, from its state settings. */
    static BrokerNetwork existing(String scope, String subnetPrefix, NetShape shape, List<String> nodeNames) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < nodeNames.size(); i++) {
            index.put(nodeNames.get(i), i + 1);
        }
        return new BrokerNetwork(scope, subnetPrefix, shape, index);
    }

    String subnetPrefix() {
        return subnetPrefix;
    }

    NetShape shape() {
        return shape;
    }

    String namespace(String node) {
        return scope + "-" + node;
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

    /** Replaces the rate of the node's link both ways (a plain tbf at the root; a netem delay goes). */
    void reshape(String node, long bitsPerSecond) {
        NetShape rate = new NetShape(bitsPerSecond, 0);
        String burst = Math.max(32, bitsPerSecond / 8 / 250 / 1024) + "kb";
        Shell.run("tc", "qdisc", "replace", "dev", hostLink(node), "root", "tbf", "rate", rate.tcRate(), "burst", burst,
                "latency", "50ms");
        Shell.run("ip", "netns", "exec", namespace(node), "tc", "qdisc", "replace", "dev", "eth0", "root", "tbf", "rate",
                rate.tcRate(), "burst", burst, "latency", "50ms");
    }

    /** Load hosts on this network: namespaces beside the brokers', unshaped (a load host's NIC is its own). */
    LoadHosts loadHosts() {
        return new LoadHosts() {
            @Override
            public String coordinatorAddress() {
                return subnetPrefix + ".1";
            }

            @Override
            public String cidr() {
                return subnetPrefix + ".0/24";
            }

            @Override
            public LoadHost add(int index) {
                if (index < 1 || index > 99) {
                    throw new IsolationException("load hosts are numbered 1 to 99, got " + index);
                }
                String ns = loadHostNamespace(index);
                String host = ifTag + "w" + index;
                String peer = ifTag + "q" + index;
                String address = subnetPrefix + "." + (100 + index);
                try {
                    Shell.run("ip", "netns", "add", ns);
                    Shell.run("ip", "link", "add", host, "type", "veth", "peer", "name", peer);
                    Shell.run("ip", "link", "set", peer, "netns", ns);
                    Shell.run("ip", "-n", ns, "link", "set", peer, "name", "eth0");
                    Shell.run("ip", "-n", ns, "addr", "add", address + "/24", "dev", "eth0");
                    Shell.run("ip", "-n", ns, "link", "set", "lo", "up");
                    Shell.run("ip", "-n", ns, "link", "set", "eth0", "up");
                    Shell.run("ip", "link", "set", host, "master", bridge());
                    Shell.run("ip", "link", "set", host, "up");
                } catch (RuntimeException e) {
                    remove(index);
                    throw e;
                }
                return new LoadHost(ns, address);
            }

            @Override
            public void remove(int index) {
                Shell.attempt("ip", "link", "del", ifTag + "w" + index);
                Shell.attempt("ip", "netns", "del", loadHostNamespace(index));
            }
        };
    }

    private String loadHostNamespace(int index) {
        return scope + "-load-" + index;
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
        String peer = ifTag + "p" + indexByNode.get(node);
        Shell.run("ip", "netns", "add", ns);
        Shell.run("ip", "link", "add", host, "type", "veth", "peer", "name", peer);
        Shell.run("ip", "link", "set", peer, "netns", ns);
        Shell.run("ip", "-n", ns, "link", "set", peer, "name", "eth0");
        Shell.run("ip", "-n", ns, "addr", "add", host(node) + "/24", "dev", "eth0");
        Shell.run("ip", "-n", ns, "link", "set", "lo", "up");
        Shell.run("ip", "-n", ns, "link", "set", "eth0", "up");
        Shell.run("ip", "link", "set", host, "master", bridge());
        Shell.run("ip", "link", "set", host, "up");
        if (shape.shaped()) {
            // into the broker: the host side's egress; out of it: its eth0's egress (delay on one side makes the RTT)
            shape(List.of("tc"), host, false);
            shape(List.of("ip", "netns", "exec", ns, "tc"), "eth0", shape.delayMs() > 0);
        }
    }

    private void shape(List<String> tc, String dev, boolean withDelay) {
        String burst = Math.max(32, shape.rateBitsPerSecond() / 8 / 250 / 1024) + "kb";   // ~4 ms of traffic, at least 32 KiB
        if (withDelay) {
            try {
                run(tc, "qdisc", "add", "dev", dev, "root", "handle", "1:", "netem", "delay", shape.delayMs() + "ms");
            } catch (IsolationException e) {
                if (e.getMessage().contains("qdisc kind is unknown")) {
                    throw new IsolationException("the delay of --broker-net needs tc netem, which this kernel lacks "
                            + "(CONFIG_NET_SCH_NETEM); give a rate alone");
                }
                throw e;
            }
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
        return ifTag + "br";
    }

    private String hostLink(String node) {
        return ifTag + "v" + indexByNode.get(node);
    }

    /** {@code mqprobe-<pid*10+n in base 36>}: 13 characters at most for any Linux pid, leaving 2 for the suffix. */
    static String ifTag(String scope) {
        String[] parts = scope.split("-");   // mqprobe, pid, k<n>
        long id = Long.parseLong(parts[1]) * 10 + Long.parseLong(parts[2].substring(1));
        return "mqprobe-" + Long.toString(id, 36);
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
        throw new IsolationException("no free 10.x.y.0/24 subnet for the broker network");
    }
}
