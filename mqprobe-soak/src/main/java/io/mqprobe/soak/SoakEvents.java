package io.mqprobe.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What happened to the topic's logs and the brokers' heaps during a soak, as counted per minute: segments rolled,
 * closed segments retention deleted, and seconds of long collections. A soak that rolled segments and deleted none
 * has not yet shown that retention keeps up.
 */
final class SoakEvents {

    private SoakEvents() {
    }

    static List<String> of(List<SoakMinute> minutes) {
        List<String> lines = new ArrayList<>();
        Integer rolled = total(minutes, SoakMinute.Broker::segmentsRolled);
        Integer deleted = total(minutes, SoakMinute.Broker::segmentsDeleted);
        if (rolled == null) {
            lines.add("segments: not counted (the brokers' JMX was not read)");
        } else if (deleted == 0) {
            lines.add("segments: " + rolled + " rolled, none deleted by retention during the soak: the topic did not reach "
                    + "its retention cap, so the soak did not show retention keeping up");
        } else {
            lines.add("segments: " + rolled + " rolled, " + deleted + " deleted by retention, the first deletes in minute "
                    + (first(minutes, SoakMinute.Broker::segmentsDeleted) + 1));
        }
        Integer longGc = total(minutes, SoakMinute.Broker::longGcSeconds);
        if (longGc != null && longGc > 0) {
            lines.add("long collections: " + longGc + " second" + (longGc == 1 ? "" : "s") + " in which a broker's "
                    + "collections paused it " + (int) SoakMinute.Broker.LONG_GC_MS_PER_S + " ms or more (" + byBroker(minutes)
                    + "), the first in minute " + (first(minutes, SoakMinute.Broker::longGcSeconds) + 1));
        }
        return lines;
    }

    /** "broker-2 60, broker-3 2": the brokers that paused long, most first. */
    private static String byBroker(List<SoakMinute> minutes) {
        Map<String, Integer> seconds = new TreeMap<>();
        minutes.forEach(m -> m.brokers().forEach((broker, b) -> {
            if (b.longGcSeconds() != null && b.longGcSeconds() > 0) {
                seconds.merge(broker, b.longGcSeconds(), Integer::sum);
            }
        }));
        return seconds.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The minute's count over its brokers, or {@code null} where none was counted. */
    static Integer inMinute(SoakMinute m, Function<SoakMinute.Broker, Integer> count) {
        List<Integer> counted = m.brokers().values().stream().map(count).filter(Objects::nonNull).toList();
        return counted.isEmpty() ? null : counted.stream().mapToInt(Integer::intValue).sum();
    }

    private static Integer total(List<SoakMinute> minutes, Function<SoakMinute.Broker, Integer> count) {
        List<Integer> counted = minutes.stream().map(m -> inMinute(m, count)).filter(Objects::nonNull).toList();
        return counted.isEmpty() ? null : counted.stream().mapToInt(Integer::intValue).sum();
    }

    private static int first(List<SoakMinute> minutes, Function<SoakMinute.Broker, Integer> count) {
        return minutes.stream().filter(m -> {
            Integer n = inMinute(m, count);
            return n != null && n > 0;
        }).mapToInt(SoakMinute::minute).findFirst().orElse(0);
    }
}
