package io.mqprobe.ceilings.net;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DurationJson;

import java.time.Duration;
import java.util.Objects;

/**
 * What a net server accepts. It runs one test at a time and refuses requests beyond these bounds.
 *
 * @param maxStreams      most parallel streams one test may ask for, 1 to {@value NetClientSpec#MAX_STREAMS}
 * @param maxTestDuration longest test a client may ask for
 * @param once            stop after the first test (finished or failed)
 * @param lifetime        stop accepting after this long and end once the running test is done; {@code null} = until closed
 */
public record NetServerLimits(int maxStreams,
                              @JsonSerialize(using = DurationJson.Serializer.class)
                              @JsonDeserialize(using = DurationJson.Deserializer.class)
                              Duration maxTestDuration,
                              boolean once,
                              @JsonSerialize(using = DurationJson.Serializer.class)
                              @JsonDeserialize(using = DurationJson.Deserializer.class)
                              Duration lifetime) {

    /** Up to 128 streams, tests up to 10 minutes, runs until closed. */
    public static final NetServerLimits DEFAULT = new NetServerLimits(NetClientSpec.MAX_STREAMS, Duration.ofMinutes(10), false, null);

    public NetServerLimits {
        Objects.requireNonNull(maxTestDuration, "maxTestDuration");
        if (maxStreams < 1 || maxStreams > NetClientSpec.MAX_STREAMS) {
            throw new UsageException("--max-streams must be between 1 and " + NetClientSpec.MAX_STREAMS + ", got " + maxStreams);
        }
        if (maxTestDuration.toMillis() < 100 || maxTestDuration.compareTo(NetClientSpec.MAX_DURATION) > 0) {
            throw new UsageException("--max-test-duration must be between 100ms and 1h, got " + maxTestDuration);
        }
        if (lifetime != null && lifetime.toMillis() < 1) {
            throw new UsageException("--duration must be positive, got " + lifetime);
        }
    }

    public NetServerLimits withOnce(boolean runOnce) {
        return new NetServerLimits(maxStreams, maxTestDuration, runOnce, lifetime);
    }

    public NetServerLimits withLifetime(Duration serverLifetime) {
        return new NetServerLimits(maxStreams, maxTestDuration, once, serverLifetime);
    }
}
