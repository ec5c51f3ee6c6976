package io.mqprobe.api.fault;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.api.units.TimeSpan;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The command-line form of a {@link FaultSpec}; kind names come from the JSON subtype names, so there is one list. */
final class FaultSyntax {

    private static final Pattern FORM = Pattern.compile(
            "([a-z-]+)(?::([a-z0-9-]+))?(?:@([0-9a-zµ.]+))?(?:\\+([0-9a-zµ.]+))?(?:=(.+))?");
    private static final String KINDS = "kill, stop, restart, wipe, pause, partition, slow-disk, all-down";

    private FaultSyntax() {
    }

    static String kindOf(Class<?> type) {
        return Arrays.stream(FaultSpec.class.getAnnotation(JsonSubTypes.class).value())
                .filter(t -> t.value() == type).map(JsonSubTypes.Type::name).findFirst().orElseThrow();
    }

    static FaultSpec parse(String text) {
        String t = text.trim();
        int rateAt = t.indexOf('=');
        // names are case-insensitive; a rate keeps its case (MB is not Mb)
        Matcher m = FORM.matcher(rateAt < 0 ? t.toLowerCase(Locale.ROOT) : t.substring(0, rateAt).toLowerCase(Locale.ROOT) + t.substring(rateAt));
        if (!m.matches()) {
            throw new UsageException("bad fault '" + text + "' (form KIND[:TARGET][@START][+DURATION], e.g. kill:leader@10s)");
        }
        String kind = m.group(1);
        FaultTarget target = m.group(2) != null ? FaultTarget.parse(m.group(2))
                : "all-down".equals(kind) ? FaultTarget.ALL : FaultTarget.LEADER;
        long startMs = m.group(3) == null ? 0 : TimeSpan.parse(m.group(3)).toMillis();
        long durationMs = m.group(4) == null ? 0 : TimeSpan.parse(m.group(4)).toMillis();
        if (m.group(5) != null && !"slow-disk".equals(kind)) {
            throw new UsageException("bad fault '" + text + "': only slow-disk takes '=RATE'");
        }
        return switch (kind) {
            case "kill" -> new FaultSpec.Kill(target, startMs, durationMs);
            case "stop" -> new FaultSpec.Stop(target, startMs, durationMs);
            case "restart" -> new FaultSpec.Restart(target, startMs, durationMs);
            case "wipe" -> new FaultSpec.Wipe(target, startMs, durationMs);
            case "pause" -> new FaultSpec.Pause(target, startMs, durationMs);
            case "partition" -> new FaultSpec.Partition(target, startMs, durationMs);
            case "slow-disk" -> new FaultSpec.SlowDisk(target, startMs, durationMs, m.group(5) == null
                    ? FaultSpec.SlowDisk.DEFAULT_WRITE_BYTES_PER_SECOND : (long) DataRate.parse(m.group(5)));
            case "all-down" -> new FaultSpec.AllDown(target, startMs, durationMs);
            default -> throw new UsageException("unknown fault '" + kind + "' (" + KINDS + ")");
        };
    }
}
