package io.mqprobe.soak;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import static io.mqprobe.soak.Drift.Unit.MILLIS;
import static io.mqprobe.soak.Drift.Unit.SECONDS;

/**
 * Where a soak's readers read from, told by the page cache's residency: a broker whose cache holds R seconds of its
 * writes serves a reader behind by less than R from memory, and one behind by more from its disk, whose reads then
 * share the disk with the writes (the instance-size study's "high IO"). The figures are the minutes' medians; the
 * disk reads measured beside them say whether the cache behaved as its residency says.
 */
final class CacheFindings {

    /** Disk reads below this share of what the catch-up group read mean the cache served it, whatever the residency says. */
    static final double FROM_DISK_SHARE = 0.10;
    /**
     * A catch-up group reading further behind than this many times its lag fell behind and did not catch up (seen on the
     * 2-core VM: asked 3 s, 7-12 s at 20 MB/s, its process below its CPU limit).
     */
    static final double FURTHER_BEHIND = 1.5;

    private CacheFindings() {
    }

    static List<String> of(List<SoakMinute> minutes, SoakCriteria criteria) {
        List<String> lines = new ArrayList<>();
        if (minutes.isEmpty()) {
            return lines;
        }
        List<String> brokers = SoakJudge.brokers(minutes);
        Double most = null;
        double diskReads = 0;
        double writes = 0;
        Double ceiling = null;
        for (String broker : brokers) {
            Double residency = median(minutes, m -> field(m, broker, SoakMinute.Broker::residencyS));
            Double cached = median(minutes, m -> field(m, broker, SoakMinute.Broker::pageCacheBytes));
            Double written = median(minutes, m -> field(m, broker, SoakMinute.Broker::writeBps));
            Double read = median(minutes, m -> field(m, broker, SoakMinute.Broker::diskReadBps));
            Double brokerCeiling = median(minutes, m -> field(m, broker, SoakMinute.Broker::diskWriteCeilingBps));
            diskReads += read == null ? 0 : read;
            writes += written == null ? 0 : written;
            if (brokerCeiling != null) {
                ceiling = ceiling == null ? brokerCeiling : Double.valueOf(Math.max(ceiling, brokerCeiling));
            }
            if (residency != null) {
                most = most == null ? residency : Math.max(most, residency);
                lines.add(String.format(Locale.ROOT, "%s holds %s of writes in its page cache (%s cached, %s written)", broker,
                        SECONDS.format(residency), cached == null ? HumanUnits.NONE : HumanUnits.storage(cached),
                        HumanUnits.rate(written)));
            }
        }
        if (most == null) {
            Double host = median(minutes, SoakMinute::hostResidencyS);
            if (host != null) {
                most = host;
                lines.add("the host's page cache holds " + SECONDS.format(host) + " of the brokers' writes (no broker has a "
                        + "memory cgroup of its own to tell them apart)");
            } else {
                lines.add("no page-cache figure: no broker's cache or the host's was sampled, so where readers read from is "
                        + "unknown");
            }
        }
        Double e2e = median(minutes, SoakMinute::e2eP99Ms);
        if (e2e != null) {
            lines.add("the on-time group " + criteria.onTimeGroup() + " reads within " + MILLIS.format(e2e) + " (p99) of the writes"
                    + (most != null && e2e / 1000 < most ? ": from the cache" : ""));
        }
        if (criteria.catchUpGroup() == null) {
            return lines;
        }
        if (criteria.catchUpFromStart()) {
            lines.add(fromStart(minutes, criteria.catchUpGroup()));
            return lines;
        }
        Double lag = median(minutes, SoakMinute::catchUpLagS);
        Double read = median(minutes, SoakMinute::catchUpReadBps);
        if (lag == null || read == null) {
            lines.add("the catch-up group " + criteria.catchUpGroup() + " read nothing it could time");
            return lines;
        }
        double askedS = criteria.catchUp() == null ? 0 : criteria.catchUp().lag().toMillis() / 1000.0;
        String asked = askedS > 0 ? ", asked " + SECONDS.format(askedS) : "";
        // past its lag the reader waits on nothing: further behind than asked, it read as fast as it could
        String behind = askedS > 0 && lag > FURTHER_BEHIND * askedS
                ? "; further behind than asked, so it read as fast as it could and no faster than the load writes" : "";
        String reading = String.format(Locale.ROOT, "the catch-up group %s reads %s behind (%s%s%s)", criteria.catchUpGroup(),
                SECONDS.format(lag), HumanUnits.rate(read), asked, behind);
        String disk = "the brokers read " + HumanUnits.rate(diskReads) + " from disk"
                + (ceiling == null ? "" : String.format(Locale.ROOT, ", disk at %.0f %% of its ceiling with writes",
                100 * (diskReads + writes) / ceiling));
        boolean fromDisk = diskReads >= FROM_DISK_SHARE * read;
        if (most != null && lag > most) {
            lines.add(reading + ", beyond what any page cache holds (" + SECONDS.format(most) + "): "
                    + (fromDisk ? "it reads from disk, " + disk : "yet " + disk + ": the cache held more than its figure says"));
        } else if (most != null) {
            lines.add(reading + ", within the page cache (" + SECONDS.format(most) + "): "
                    + (fromDisk ? "yet " + disk + ": something else reads the disk" : "it reads from the cache, " + disk));
        } else {
            lines.add(reading + ": " + disk);
        }
        return lines;
    }

    /**
     * A group that joined late and read from the topic's start: how far behind it began, whether and when it caught up
     * (within {@link SoakCriteria#ON_TIME_BEHIND_S} of the writes), how fast it read against the writes, and what the
     * brokers read from disk meanwhile.
     */
    static String fromStart(List<SoakMinute> minutes, String group) {
        List<SoakMinute> reading = minutes.stream().filter(m -> m.catchUpLagS() != null).toList();
        if (reading.isEmpty()) {
            return "the catch-up group " + group + " read nothing from the topic's start it could time";
        }
        SoakMinute joined = reading.get(0);
        SoakMinute caughtUp = reading.stream().filter(m -> m.catchUpLagS() <= SoakCriteria.ON_TIME_BEHIND_S)
                .findFirst().orElse(null);
        List<SoakMinute> behind = reading.stream().filter(m -> caughtUp == null || m.minute() < caughtUp.minute()).toList();
        List<SoakMinute> span = behind.isEmpty() ? reading : behind;
        double read = span.stream().map(SoakMinute::catchUpReadBps).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .average().orElse(0);
        double written = span.stream().mapToDouble(SoakMinute::bytesPerSecond).average().orElse(0);
        double disk = span.stream().mapToDouble(m -> m.brokers().values().stream().map(SoakMinute.Broker::diskReadBps)
                .filter(Objects::nonNull).mapToDouble(Double::doubleValue).sum()).average().orElse(0);
        String start = "the catch-up group " + group + " joined in minute " + (joined.minute() + 1)
                + " and read the topic from its start, " + SoakJudge.clock(Math.round(joined.catchUpLagS() * 1000))
                + " behind";
        String pace = String.format(Locale.ROOT, "reading %s against %s written (%.1f×), the brokers reading %s from disk",
                HumanUnits.rate(read), HumanUnits.rate(written), written > 0 ? read / written : 0, HumanUnits.rate(disk));
        if (caughtUp != null) {
            return start + ": it caught up in minute " + (caughtUp.minute() + 1) + ", " + pace;
        }
        SoakMinute last = reading.get(reading.size() - 1);
        return start + ": it had not caught up by the end (" + SoakJudge.clock(Math.round(last.catchUpLagS() * 1000))
                + " behind in minute " + (last.minute() + 1) + "), " + pace;
    }

    private static Double field(SoakMinute m, String broker, Function<SoakMinute.Broker, Double> value) {
        SoakMinute.Broker b = m.brokers().get(broker);
        return b == null ? null : value.apply(b);
    }

    static Double median(List<SoakMinute> minutes, Function<SoakMinute, Double> value) {
        List<Double> values = minutes.stream().map(value).filter(Objects::nonNull).sorted().toList();
        return values.isEmpty() ? null : values.get(values.size() / 2);
    }

}
