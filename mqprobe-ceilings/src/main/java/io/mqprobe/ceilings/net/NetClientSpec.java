package io.mqprobe.ceilings.net;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DurationJson;

import java.time.Duration;
import java.util.Objects;

/**
 * One TCP throughput test against an {@code mqprobe net server}, like {@code iperf3 -c HOST -P streams -t duration}.
 *
 * @param host           server host name or address
 * @param port           server port, 1 to 65535
 * @param streams        parallel TCP connections, 1 to {@value #MAX_STREAMS}
 * @param omit           warm-up left out of every figure before the measured {@code duration} starts, 0 to 1 min
 *                       (iperf3 {@code -O}); the JVMs on both ends reach full speed only after their JIT has compiled the I/O path
 * @param duration       how long the sender sends in the measured window, 100 ms to 1 h
 * @param reverse        the server sends and the client receives (iperf3 {@code -R})
 * @param blockSizeBytes bytes per socket write, 1 KiB to 16 MiB (iperf3 {@code -l}, 128 KiB by default)
 * @param connectTimeout how long to wait for the server to accept a connection and answer the handshake
 */
public record NetClientSpec(String host, int port, int streams,
                            @JsonSerialize(using = DurationJson.Serializer.class)
                            @JsonDeserialize(using = DurationJson.Deserializer.class)
                            Duration omit,
                            @JsonSerialize(using = DurationJson.Serializer.class)
                            @JsonDeserialize(using = DurationJson.Deserializer.class)
                            Duration duration,
                            boolean reverse, int blockSizeBytes,
                            @JsonSerialize(using = DurationJson.Serializer.class)
                            @JsonDeserialize(using = DurationJson.Deserializer.class)
                            Duration connectTimeout) {

    public static final int DEFAULT_PORT = 5301;
    public static final int MAX_STREAMS = 128;
    public static final int DEFAULT_BLOCK_BYTES = 128 * 1024;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration DEFAULT_OMIT = Duration.ofSeconds(1);
    static final Duration MAX_OMIT = Duration.ofMinutes(1);
    static final Duration MAX_DURATION = Duration.ofHours(1);

    public NetClientSpec {
        Objects.requireNonNull(omit, "omit");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        if (host == null || host.isBlank()) {
            throw new UsageException("net client needs a server host");
        }
        if (port < 1 || port > 65535) {
            throw new UsageException("--port must be between 1 and 65535, got " + port);
        }
        if (streams < 1 || streams > MAX_STREAMS) {
            throw new UsageException("--parallel must be between 1 and " + MAX_STREAMS + ", got " + streams);
        }
        if (omit.isNegative() || omit.compareTo(MAX_OMIT) > 0) {
            throw new UsageException("--omit must be between 0 and 1m, got " + omit);
        }
        if (duration.toMillis() < 100 || duration.compareTo(MAX_DURATION) > 0) {
            throw new UsageException("--duration must be between 100ms and 1h, got " + duration);
        }
        if (blockSizeBytes < 1024 || blockSizeBytes > (16 << 20)) {
            throw new UsageException("--block must be between 1 KiB and 16 MiB, got " + blockSizeBytes + " bytes");
        }
        if (connectTimeout.toMillis() < 1) {
            throw new UsageException("connect timeout must be positive");
        }
    }

    /** A test with the default warm-up (1 s), write size (128 KiB) and connect timeout (3 s). */
    public static NetClientSpec of(String host, int port, int streams, Duration duration, boolean reverse) {
        return new NetClientSpec(host, port, streams, DEFAULT_OMIT, duration, reverse, DEFAULT_BLOCK_BYTES, DEFAULT_CONNECT_TIMEOUT);
    }

    public NetClientSpec withOmit(Duration warmup) {
        return new NetClientSpec(host, port, streams, warmup, duration, reverse, blockSizeBytes, connectTimeout);
    }

    /** {@code host:port} as users type it. */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
