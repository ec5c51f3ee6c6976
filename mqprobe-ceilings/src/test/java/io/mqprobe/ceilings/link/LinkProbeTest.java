package io.mqprobe.ceilings.link;

import io.mqprobe.api.monitor.LinkRate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two "brokers" in network namespaces this test creates, each link shaped to 200 Mbit/s both ways as mqprobe's
 * {@code --broker-net 200mbit} does; then the second one's link is narrowed to 40 Mbit/s into it by a tc rule set
 * outside mqprobe (on the host side of its veth). The probe must measure both links and name the narrowed one.
 * Needs root ({@code ip netns}, {@code tc}); skipped without.
 */
class LinkProbeTest {

    private static final String TAG = "mql" + ProcessHandle.current().pid();
    private static final long SET_BITS = 200_000_000L;
    private static final long NARROWED_BITS = 40_000_000L;
    private static final List<Process> farEndHolders = new ArrayList<>();
    private static String subnet;

    @BeforeAll
    static void createLinks() throws Exception {
        assumeTrue(isRoot() && available("ip", "netns", "list") && available("tc", "-V") && available("nsenter", "--version"),
                "needs root, ip netns, tc and nsenter");
        subnet = freeSubnet();
        for (int i = 1; i <= 2; i++) {
            String ns = TAG + "-" + i;
            String host = TAG + "h" + i;
            String peer = TAG + "p" + i;
            run("ip", "netns", "add", ns);
            run("ip", "link", "add", host, "type", "veth", "peer", "name", peer);
            run("ip", "link", "set", peer, "netns", ns);
            run("ip", "addr", "add", subnet + "." + i + ".1/24", "dev", host);
            run("ip", "link", "set", host, "up");
            run("ip", "-n", ns, "addr", "add", subnet + "." + i + ".2/24", "dev", peer);
            run("ip", "-n", ns, "link", "set", peer, "up");
            run("ip", "-n", ns, "link", "set", "lo", "up");
            tbf(List.of("tc"), host, SET_BITS);
            tbf(List.of("ip", "netns", "exec", ns, "tc"), peer, SET_BITS);
            farEndHolders.add(new ProcessBuilder("ip", "netns", "exec", ns, "sleep", "120").start());
        }
        // the narrowing mqprobe knows nothing of: into the second namespace only
        tbf(List.of("tc"), TAG + "h2", NARROWED_BITS);
    }

    @AfterAll
    static void removeLinks() throws Exception {
        farEndHolders.forEach(Process::destroyForcibly);
        for (int i = 1; i <= 2; i++) {
            sh("ip", "link", "del", TAG + "h" + i);
            sh("ip", "netns", "del", TAG + "-" + i);
        }
    }

    @Test
    void measuresEachLinkBothWaysAndNamesTheOneNarrowedOutsideMqprobe() {
        List<LinkTarget> targets = List.of(
                new LinkTarget("broker-1", farEndHolders.get(0).pid(), subnet + ".1.2"),
                new LinkTarget("broker-2", farEndHolders.get(1).pid(), subnet + ".2.2"));

        List<LinkRate> links = LinkProbe.measure(targets, Duration.ofSeconds(1));

        double set = SET_BITS / 8.0;
        double narrowed = NARROWED_BITS / 8.0;
        assertThat(links).extracting(LinkRate::name).containsExactly("broker-1", "broker-2");
        LinkRate wide = links.get(0);
        LinkRate narrow = links.get(1);
        assertThat(wide.inBytesPerSecond()).isBetween(0.8 * set, 1.1 * set);
        assertThat(wide.outBytesPerSecond()).isBetween(0.8 * set, 1.1 * set);
        assertThat(narrow.inBytesPerSecond()).isBetween(0.6 * narrowed, 1.1 * narrowed);
        assertThat(narrow.outBytesPerSecond()).isBetween(0.8 * set, 1.1 * set);
        assertThat(NarrowLinks.find(links, OptionalDouble.of(set))).singleElement().asString().startsWith("broker-2's link");
    }

    private static void tbf(List<String> tc, String dev, long bits) throws Exception {
        List<String> command = new ArrayList<>(tc);
        command.addAll(List.of("qdisc", "replace", "dev", dev, "root", "tbf", "rate", bits / 1000 + "kbit",
                "burst", Math.max(32, bits / 8 / 250 / 1024) + "kb", "latency", "50ms"));
        run(command.toArray(String[]::new));
    }

    /** A 10.x prefix no route of this machine overlaps (x from 241 down). */
    private static String freeSubnet() throws Exception {
        Process p = new ProcessBuilder("ip", "-4", "route", "show", "table", "all").redirectErrorStream(true).start();
        String routes = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.SECONDS);
        for (int x = 241; x > 200; x--) {
            if (!routes.contains("10." + x + ".")) {
                return "10." + x;
            }
        }
        throw new IllegalStateException("no free 10.x subnet");
    }

    /** True when the command exists and succeeds. */
    private static boolean available(String... command) {
        try {
            return sh(command) == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void run(String... command) throws Exception {
        int rc = sh(command);
        if (rc != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed with " + rc);
        }
    }

    private static int sh(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
