package io.mqprobe.api;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;

/** A {@code HOST:PORT} flag value ({@code [::1]:7801} for IPv6), parsed once with the flag's own error line. */
public record HostPort(String host, int port) {

    /** @throws UsageException "bad FLAG 'TEXT': expected HOST:PORT" unless the text is a host and a port 0-65535 */
    public static HostPort parse(String flag, String text) {
        String t = text == null ? "" : text.strip();
        int colon = t.lastIndexOf(':');
        if (colon > 0 && colon < t.length() - 1) {
            String host = t.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            try {
                int port = Integer.parseInt(t.substring(colon + 1));
                if (port >= 0 && port <= 65_535 && !host.isBlank() && !host.contains(" ")) {
                    return new HostPort(host, port);
                }
            } catch (NumberFormatException e) {
                // the message below says what is expected
            }
        }
        throw refused(flag, text);
    }

    /** As {@link #parse}, for an address to connect to: port 0 ("any free port") is refused too. */
    public static HostPort parseRemote(String flag, String text) {
        HostPort address = parse(flag, text);
        if (address.port() == 0) {
            throw refused(flag, text);
        }
        return address;
    }

    private static UsageException refused(String flag, String text) {
        return new UsageException("bad " + flag + " '" + text + "': expected HOST:PORT");
    }

    /** True for this machine's loopback (127.0.0.0/8, ::1, a name resolving to it); false for a name that does not resolve. */
    public static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    public InetSocketAddress socketAddress() {
        return new InetSocketAddress(host, port);
    }

    /** {@code scheme://host:port}. */
    public URI uri(String scheme) {
        return URI.create(scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
