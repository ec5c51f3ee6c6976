package io.mqprobe.ceilings.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Streams over real loopback connections, with one I/O thread per stream and with several streams per thread. */
@Timeout(30)
class StreamGroupTest {

    @ParameterizedTest(name = "{0} I/O threads for 3 streams")
    @ValueSource(ints = {1, 2, 3})
    void should_deliver_every_sent_byte_whatever_the_thread_count(int ioThreads) throws Exception {
        SocketChannel[] senders = new SocketChannel[3];
        SocketChannel[] receivers = new SocketChannel[3];
        connectPairs(senders, receivers);
        StreamGroup receive = new StreamGroup("test-rx", receivers, false, 64 * 1024, ioThreads);
        StreamGroup send = new StreamGroup("test-tx", senders, true, 64 * 1024, ioThreads);

        receive.start(TimeUnit.MILLISECONDS.toNanos(400));
        send.start(TimeUnit.MILLISECONDS.toNanos(400));

        assertThat(send.await(System.nanoTime() + TimeUnit.SECONDS.toNanos(10))).isTrue();
        assertThat(receive.await(System.nanoTime() + TimeUnit.SECONDS.toNanos(10))).as("receivers saw every half-close").isTrue();
        assertThat(send.failure()).isNull();
        assertThat(receive.failure()).isNull();
        assertThat(receive.totalsSince(new long[3], receive.startNs()).bytesByStream()).containsExactly(send.totalsSince(new long[3], send.startNs()).bytesByStream());
        assertThat(java.util.Arrays.stream(receive.totalsSince(new long[3], receive.startNs()).bytesByStream()).min().orElseThrow()).isPositive();
        assertThat(receive.bytesSoFar()).isEqualTo(receive.totalsSince(new long[3], receive.startNs()).bytes());
    }

    @Test
    void should_end_receivers_and_report_a_failure_when_aborted() throws Exception {
        SocketChannel[] senders = new SocketChannel[2];
        SocketChannel[] receivers = new SocketChannel[2];
        connectPairs(senders, receivers);
        StreamGroup receive = new StreamGroup("test-rx", receivers, false, 64 * 1024, 1);
        try {
            receive.start(TimeUnit.SECONDS.toNanos(1));

            assertThat(receive.await(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300))).as("no sender, no end").isFalse();
            receive.abort();

            assertThat(receive.await(System.nanoTime() + TimeUnit.SECONDS.toNanos(5))).isTrue();
            assertThat(receive.failure()).hasMessageContaining("cut");
        } finally {
            for (SocketChannel sender : senders) {
                sender.close();
            }
        }
    }

    private static void connectPairs(SocketChannel[] senders, SocketChannel[] receivers) throws IOException {
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            for (int i = 0; i < senders.length; i++) {
                senders[i] = SocketChannel.open(listener.getLocalAddress());
                receivers[i] = listener.accept();
            }
        }
    }
}
