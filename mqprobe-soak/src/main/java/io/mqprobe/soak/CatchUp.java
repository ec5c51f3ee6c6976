package io.mqprobe.soak;

import io.mqprobe.api.UsageException;

import java.time.Duration;

/**
 * How a soak's catch-up group reads: a fixed lag behind the writes, as a late consumer or a recovering follower does,
 * or the whole topic from its start, joining halfway through the soak, as a consumer back from an outage or a new one
 * replaying history does (then the question is whether it ever catches up).
 *
 * @param lag how far behind the writes it reads; zero for {@link #FROM_START}
 */
public record CatchUp(Duration lag) {

    public static final CatchUp FROM_START = new CatchUp(Duration.ZERO);

    public CatchUp {
        if (lag.isNegative() || lag.compareTo(CatchUpReader.MAX_LAG) > 0 || (!lag.isZero() && lag.toSeconds() < 1)) {
            throw new UsageException("a catch-up lag is between 1s and " + CatchUpReader.MAX_LAG.toMinutes()
                    + "m (or start, to read from the topic's start), got " + lag.toSeconds() + "s");
        }
    }

    public boolean fromStart() {
        return lag.isZero();
    }

    /** The lag it keeps, or {@code null} from the start (it keeps none). */
    Duration keptLag() {
        return fromStart() ? null : lag;
    }
}
