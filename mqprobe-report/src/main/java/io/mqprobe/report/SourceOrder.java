package io.mqprobe.report;

import io.mqprobe.api.monitor.Sources;

import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/** Orders and colours resource sources the same way in every chart: brokers by id, then client, host, cluster. */
final class SourceOrder {

    private static final List<String> BROKER_COLORS = List.of(
            "#2563eb", "#0d9488", "#9333ea", "#0891b2", "#4f46e5", "#be185d", "#65a30d", "#0369a1");
    private static final List<String> FIXED = List.of(Sources.CLIENT, Sources.HOST, Sources.CLUSTER);
    private static final List<String> FIXED_COLORS = List.of("#ea580c", "#6b7280", "#92400e");

    static final Comparator<String> COMPARATOR = Comparator
            .comparingInt(SourceOrder::rank)
            .thenComparingLong(SourceOrder::brokerId)
            .thenComparing(Comparator.naturalOrder());

    private SourceOrder() {
    }

    static String color(String source) {
        int fixed = FIXED.indexOf(source);
        if (fixed >= 0) {
            return FIXED_COLORS.get(fixed);
        }
        long id = brokerId(source);
        int slot = (int) Math.floorMod(id == Long.MAX_VALUE ? source.hashCode() : id - 1, BROKER_COLORS.size());
        return BROKER_COLORS.get(slot);
    }

    private static int rank(String source) {
        if (Sources.isBroker(source)) {
            return 0;
        }
        int fixed = FIXED.indexOf(source);
        return fixed >= 0 ? 1 + fixed : 1 + FIXED.size();
    }

    private static long brokerId(String source) {
        OptionalInt id = Sources.brokerId(source);
        return id.isPresent() ? id.getAsInt() : Long.MAX_VALUE;
    }
}
