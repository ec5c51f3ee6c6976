package io.mqprobe.ceilings.net;

import java.util.List;

/**
 * Totals of one TCP throughput test, from both ends, and the client's per-second figures.
 *
 * @param server                 {@code host:port} of the server
 * @param streams                parallel connections
 * @param reverse                whether the server sent and the client received
 * @param omitMs                 warm-up before the measured window, left out of every figure
 * @param durationMs             the measured window: how long the sender was asked to send after the warm-up
 * @param intervals              per-second figures seen by the client (sender figures, receiver figures with reverse)
 * @param senderBytes            bytes the sending side wrote
 * @param senderBytesPerSecond   {@code senderBytes} over the sender's elapsed time
 * @param receiverBytes          bytes the receiving side read: what actually crossed the network
 * @param receiverBytesPerSecond {@code receiverBytes} over the receiver's elapsed time: the figure to compare with iperf3's receiver line
 * @param receiverBytesByStream  bytes received per stream, in stream order
 */
public record NetResult(String server, int streams, boolean reverse, long omitMs, long durationMs, List<NetInterval> intervals,
                        long senderBytes, double senderBytesPerSecond, long receiverBytes, double receiverBytesPerSecond,
                        List<Long> receiverBytesByStream) {

    public NetResult {
        intervals = List.copyOf(intervals);
        receiverBytesByStream = List.copyOf(receiverBytesByStream);
    }
}
