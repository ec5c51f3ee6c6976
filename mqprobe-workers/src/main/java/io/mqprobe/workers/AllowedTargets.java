package io.mqprobe.workers;

import io.mqprobe.api.UsageException;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The clusters a worker agrees to load: address ranges in CIDR notation. A worker runs whatever its coordinator
 * orders, so it checks every bootstrap address against its own list first; loopback only unless told otherwise.
 */
public final class AllowedTargets {

    public static final String LOOPBACK = "127.0.0.0/8";

    private record Range(BigInteger network, int prefix, int bits, String text) {
        boolean contains(InetAddress address) {
            byte[] raw = address.getAddress();
            if (raw.length * 8 != bits) {
                return false;
            }
            BigInteger value = new BigInteger(1, raw);
            return value.shiftRight(bits - prefix).equals(network.shiftRight(bits - prefix));
        }
    }

    private final List<Range> ranges;

    private AllowedTargets(List<Range> ranges) {
        this.ranges = ranges;
    }

    /** {@code 127.0.0.0/8,10.0.0.0/8}; a bare address is a range of one. */
    public static AllowedTargets parse(String text) {
        List<Range> ranges = new ArrayList<>();
        for (String part : text.split(",")) {
            String cidr = part.strip();
            if (cidr.isEmpty()) {
                continue;
            }
            String[] pieces = cidr.split("/", 2);
            InetAddress network = literal(pieces[0], cidr);
            int bits = network.getAddress().length * 8;
            int prefix;
            try {
                prefix = pieces.length == 2 ? Integer.parseInt(pieces[1]) : bits;
            } catch (NumberFormatException e) {
                throw new UsageException("bad address range '" + cidr + "': the prefix after / must be a number");
            }
            if (prefix < 0 || prefix > bits) {
                throw new UsageException("bad address range '" + cidr + "': the prefix must be between 0 and " + bits);
            }
            ranges.add(new Range(new BigInteger(1, network.getAddress()), prefix, bits, cidr));
        }
        if (ranges.isEmpty()) {
            throw new UsageException("no address range given (e.g. " + LOOPBACK + ")");
        }
        return new AllowedTargets(List.copyOf(ranges));
    }

    /** Throws when a {@code host:port} of {@code bootstrap} resolves to an address outside every range. */
    void check(String bootstrap) {
        for (String server : bootstrap.split("[,;]")) {
            String host = hostOf(server.strip());
            InetAddress[] addresses;
            try {
                addresses = InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("the target host " + host + " does not resolve here");
            }
            for (InetAddress address : addresses) {
                if (ranges.stream().noneMatch(r -> r.contains(address))) {
                    throw new IllegalArgumentException("the target " + address.getHostAddress() + " is outside this worker's "
                            + "allowed ranges (" + String.join(", ", ranges.stream().map(Range::text).toList()) + ")");
                }
            }
        }
    }

    private static String hostOf(String server) {
        if (server.startsWith("[")) {
            return server.substring(1, server.indexOf(']'));
        }
        int colon = server.lastIndexOf(':');
        return colon > 0 ? server.substring(0, colon) : server;
    }

    /** Only address literals: a range must not depend on what a name resolves to. */
    private static InetAddress literal(String text, String cidr) {
        if (!text.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            throw new UsageException("bad address range '" + cidr + "': expected an address such as 10.0.0.0/8");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new UsageException("bad address range '" + cidr + "': " + e.getMessage());
        }
    }
}
