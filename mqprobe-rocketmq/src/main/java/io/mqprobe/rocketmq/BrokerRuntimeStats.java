package io.mqprobe.rocketmq;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One reading of a broker's runtime statistics table ({@code mqadmin brokerStatus}), parsed from RocketMQ's
 * text values: TPS as "10s 60s 600s" windows, byte counts with units, the put-time histogram as
 * "[<=0ms]:n [0~10ms]:n ...". Missing or unreadable entries become NaN (older brokers lack some).
 *
 * @param putBucketUpperMs upper bound in ms of each put-time bucket (the last is infinite)
 * @param putBucketCounts  puts per bucket since the broker started
 */
record BrokerRuntimeStats(double putTps, double getTransferredTps, double putLatencyP99Ms, double putTimeMaxMs,
                          double pageCacheLockMs, double sendQueueSize, double sendQueueCapacity,
                          double sendQueueHeadWaitMs, double dispatchBehindBytes, double flushBehindBytes,
                          double commitLogDiskTotalBytes, double commitLogDiskFreeBytes,
                          double[] putBucketUpperMs, long[] putBucketCounts) {

    private static final Pattern BUCKET = Pattern.compile("\\[([^\\]]+)]:(\\d+)");
    private static final Pattern SIZE = Pattern.compile("([0-9.]+)\\s*([KMGTPE]?i?B)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DISK = Pattern.compile("Total\\s*:\\s*([0-9.]+\\s*[KMGTPE]?i?B).*Free\\s*:\\s*([0-9.]+\\s*[KMGTPE]?i?B)",
            Pattern.CASE_INSENSITIVE);

    static BrokerRuntimeStats parse(Map<String, String> table) {
        double[] disk = disk(table.get("commitLogDirCapacity"));
        List<double[]> buckets = buckets(table.get("putMessageDistributeTime"));
        double[] upper = new double[buckets.size()];
        long[] counts = new long[buckets.size()];
        for (int i = 0; i < buckets.size(); i++) {
            upper[i] = buckets.get(i)[0];
            counts[i] = (long) buckets.get(i)[1];
        }
        return new BrokerRuntimeStats(
                firstWindow(table.get("putTps")),
                // 5.x spells it "Transferred", 4.x "Transfered"
                firstWindow(table.getOrDefault("getTransferredTps", table.get("getTransferedTps"))),
                number(table.get("putLatency99")),
                number(table.get("putMessageEntireTimeMax")),
                number(table.get("pageCacheLockTimeMills")),
                number(table.get("sendThreadPoolQueueSize")),
                number(table.get("sendThreadPoolQueueCapacity")),
                number(table.get("sendThreadPoolQueueHeadWaitTimeMills")),
                bytes(table.get("dispatchBehindBytes")),
                bytes(table.get("remainHowManyDataToFlush")),
                disk[0], disk[1], upper, counts);
    }

    /**
     * Upper bound (ms) of the bucket holding the 99th percentile of the puts made between {@code before} and
     * this reading, or NaN without puts in between. A broker restart resets the counters: then all puts since
     * the restart are used.
     */
    double putTimeP99BucketMs(BrokerRuntimeStats before) {
        long[] delta = new long[putBucketCounts.length];
        long total = 0;
        boolean reset = before == null || before.putBucketCounts.length != putBucketCounts.length;
        for (int i = 0; i < delta.length && !reset; i++) {
            reset = putBucketCounts[i] < before.putBucketCounts[i];
        }
        for (int i = 0; i < delta.length; i++) {
            delta[i] = reset ? putBucketCounts[i] : putBucketCounts[i] - before.putBucketCounts[i];
            total += delta[i];
        }
        if (total == 0) {
            return Double.NaN;
        }
        long seen = 0;
        for (int i = 0; i < delta.length; i++) {
            seen += delta[i];
            if (seen * 100 >= total * 99) {
                return putBucketUpperMs[i];
            }
        }
        return putBucketUpperMs[delta.length - 1];
    }

    private static double firstWindow(String windows) {
        if (windows == null || windows.isBlank()) {
            return Double.NaN;
        }
        return number(windows.trim().split("\\s+")[0]);
    }

    private static double number(String value) {
        if (value == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** "0 B", "1.5 KiB", "12 MB" (RocketMQ prints binary units, sometimes without the i). */
    static double bytes(String value) {
        if (value == null) {
            return Double.NaN;
        }
        Matcher m = SIZE.matcher(value.trim());
        if (!m.lookingAt()) {
            return Double.NaN;
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        int power = "BKMGTPE".indexOf(unit.charAt(0));
        return n * Math.pow(1024, Math.max(0, power));
    }

    private static double[] disk(String value) {
        Matcher m = value == null ? null : DISK.matcher(value);
        if (m == null || !m.find()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return new double[] {bytes(m.group(1)), bytes(m.group(2))};
    }

    /** Each bucket as {upper bound ms, count}; "[0~10ms]" ends at 10, "[1~2s]" at 2000, "[10s~]" at infinity. */
    private static List<double[]> buckets(String value) {
        List<double[]> buckets = new ArrayList<>();
        if (value == null) {
            return buckets;
        }
        Matcher m = BUCKET.matcher(value);
        while (m.find()) {
            buckets.add(new double[] {upperBoundMs(m.group(1)), Long.parseLong(m.group(2))});
        }
        return buckets;
    }

    private static double upperBoundMs(String label) {
        String bound = label.startsWith("<=") ? label.substring(2) : label.substring(label.indexOf('~') + 1);
        if (bound.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        if (bound.endsWith("ms")) {
            return Double.parseDouble(bound.substring(0, bound.length() - 2));
        }
        if (bound.endsWith("s")) {
            return 1000 * Double.parseDouble(bound.substring(0, bound.length() - 1));
        }
        return Double.NaN;
    }
}
