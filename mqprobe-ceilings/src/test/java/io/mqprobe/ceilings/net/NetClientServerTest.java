package io.mqprobe.ceilings.net;

import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Real TCP over loopback; figures are checked for shape and consistency, never for speed. */
@Timeout(60)
class NetClientServerTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void should_report_per_second_figures_and_totals_over_loopback() throws Exception {
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT.withOnce(true))) {
            List<NetInterval> seen = new ArrayList<>();
            // no warm-up: then both ends count from the first byte, and the receiver must have read every byte sent
            NetClientSpec spec = NetClientSpec.of("127.0.0.1", server.port(), 2, Duration.ofMillis(2500), false)
                    .withOmit(Duration.ZERO);

            NetResult result = NetClient.run(spec, new NetProbeListener() {
                @Override
                public void onInterval(NetInterval interval) {
                    seen.add(interval);
                }
            });

            assertThat(result.intervals()).hasSizeBetween(2, 4).isEqualTo(seen);
            assertThat(result.intervals().get(0).startMs()).isZero();
            assertThat(result.intervals().get(1).startMs()).isEqualTo(result.intervals().get(0).endMs());
            assertThat(result.intervals()).allSatisfy(i -> assertThat(i.bytes()).isPositive());
            assertThat(result.receiverBytes()).isPositive().isEqualTo(result.senderBytes());
            assertThat(result.receiverBytesByStream()).hasSize(2).allSatisfy(b -> assertThat(b).isPositive());
            assertThat(result.receiverBytesByStream().stream().mapToLong(Long::longValue).sum()).isEqualTo(result.receiverBytes());
            assertThat(result.intervals().stream().mapToLong(NetInterval::bytes).sum()).isLessThanOrEqualTo(result.senderBytes());
            assertThat(result.receiverBytesPerSecond()).isPositive();
            assertThat(server.awaitStopped(Duration.ofSeconds(5))).as("--once server stops after its test").isTrue();
        }
    }

    @Test
    void should_let_the_server_send_with_reverse() throws Exception {
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT)) {
            NetResult result = NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 3, Duration.ofMillis(1200), true)
                    .withOmit(Duration.ofMillis(500)), NetProbeListener.NONE);

            assertThat(result.reverse()).isTrue();
            assertThat(result.omitMs()).isEqualTo(500);
            assertThat(result.receiverBytesByStream()).hasSize(3).allSatisfy(b -> assertThat(b).isPositive());
            assertThat(result.senderBytes()).isPositive();
            // each end starts counting at its own end of the warm-up, so the two differ by what was in flight then
            assertThat(result.intervals()).isNotEmpty().allSatisfy(i -> assertThat(i.startMs()).isGreaterThanOrEqualTo(0));

            // the server takes a second test once the first is done
            // the server frees itself only after it sent the first test's totals: asking again at once may find it busy
            NetResult again = NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 1, Duration.ofMillis(300), false),
                    NetProbeListener.NONE, Duration.ofSeconds(5));
            assertThat(again.receiverBytes()).isPositive();
        }
    }

    @Test
    void should_refuse_a_second_test_while_one_runs_with_a_busy_error_a_client_may_wait_on() throws Exception {
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        NetServerListener listener = new NetServerListener() {
            @Override
            public void onTestStarted(String client, int streams, boolean reverse, long durationMs) {
                started.countDown();
            }
        };
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT, listener)) {
            Thread first = new Thread(() -> NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 1, Duration.ofMillis(1500),
                    false), NetProbeListener.NONE));
            first.start();
            assertThat(started.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 1, Duration.ofMillis(500), false),
                    NetProbeListener.NONE)).isInstanceOf(NetServerBusyException.class).hasMessageContaining("busy");
            first.join(5_000);
        }
    }

    @Test
    void should_fail_with_target_unreachable_when_nothing_listens() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, LOOPBACK)) {
            closedPort = probe.getLocalPort();
        }
        NetClientSpec spec = NetClientSpec.of("127.0.0.1", closedPort, 1, Duration.ofSeconds(1), false);

        assertThatThrownBy(() -> NetClient.run(spec, NetProbeListener.NONE))
                .isInstanceOf(TargetUnreachableException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining("refused");
    }

    @Test
    void should_fail_with_target_unreachable_when_the_peer_is_not_a_net_server() throws Exception {
        try (ServerSocket impostor = new ServerSocket(0, 1, LOOPBACK)) {
            Thread acceptAndHangUp = new Thread(() -> {
                try (Socket s = impostor.accept()) {
                    s.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\n".getBytes());
                } catch (IOException ignored) {
                    // the client side is what is tested
                }
            });
            acceptAndHangUp.start();
            NetClientSpec spec = NetClientSpec.of("127.0.0.1", impostor.getLocalPort(), 1, Duration.ofSeconds(1), false);

            assertThatThrownBy(() -> NetClient.run(spec, NetProbeListener.NONE))
                    .isInstanceOf(TargetUnreachableException.class)
                    .hasMessageContaining("did not answer like an mqprobe net server");
            acceptAndHangUp.join(5000);
        }
    }

    @Test
    void should_refuse_more_streams_or_a_longer_test_than_the_server_allows() {
        NetServerLimits limits = new NetServerLimits(2, Duration.ofSeconds(5), false, null);
        try (NetServer server = NetServer.start(LOOPBACK, 0, limits)) {
            assertThatThrownBy(() -> NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 3, Duration.ofSeconds(1), false),
                    NetProbeListener.NONE)).isInstanceOf(UsageException.class).hasMessageContaining("1 to 2 streams");
            assertThatThrownBy(() -> NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 1, Duration.ofSeconds(6), false),
                    NetProbeListener.NONE)).isInstanceOf(UsageException.class).hasMessageContaining("5000 ms");

            NetResult allowed = NetClient.run(NetClientSpec.of("127.0.0.1", server.port(), 2, Duration.ofMillis(300), false),
                    NetProbeListener.NONE);
            assertThat(allowed.receiverBytesByStream()).hasSize(2);
        }
    }

    @Test
    void should_close_data_connections_that_carry_no_valid_cookie() throws Exception {
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT);
             Socket stray = new Socket(LOOPBACK, server.port())) {
            DataOutputStream out = new DataOutputStream(stray.getOutputStream());
            out.writeInt(NetProtocol.DATA_MAGIC);
            out.writeLong(42L);
            out.writeInt(0);
            out.flush();
            stray.setSoTimeout(5000);

            assertThat(stray.getInputStream().read()).as("server hung up").isEqualTo(-1);
        }
    }

    @Test
    void should_stop_by_itself_when_its_lifetime_is_over() throws Exception {
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT.withLifetime(Duration.ofMillis(300)))) {
            assertThat(server.awaitStopped(Duration.ofSeconds(5))).isTrue();
            NetClientSpec spec = NetClientSpec.of("127.0.0.1", server.port(), 1, Duration.ofSeconds(1), false);
            assertThatThrownBy(() -> NetClient.run(spec, NetProbeListener.NONE)).isInstanceOf(TargetUnreachableException.class);
        }
    }

    @Test
    void should_refuse_to_listen_on_a_port_in_use() {
        try (NetServer first = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT)) {
            assertThatThrownBy(() -> NetServer.start(LOOPBACK, first.port(), NetServerLimits.DEFAULT))
                    .isInstanceOf(UsageException.class).hasMessageContaining("cannot listen on");
        }
    }
}
