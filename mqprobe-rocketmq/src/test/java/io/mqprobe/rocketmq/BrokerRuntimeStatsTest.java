package io.mqprobe.rocketmq;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Parsing of the broker runtime table, on values as a RocketMQ 5.3.3 broker prints them. */
@Timeout(10)
class BrokerRuntimeStatsTest {

    private static Map<String, String> table(String buckets) {
        Map<String, String> t = new HashMap<>();
        t.put("putTps", "1520.5 47.95991410164638 ");
        t.put("getTransferredTps", "0.0 14.216273804767612 ");
        t.put("putLatency99", "5.50");
        t.put("putMessageEntireTimeMax", "22");
        t.put("pageCacheLockTimeMills", "3");
        t.put("sendThreadPoolQueueSize", "17");
        t.put("sendThreadPoolQueueCapacity", "10000");
        t.put("sendThreadPoolQueueHeadWaitTimeMills", "4");
        t.put("dispatchBehindBytes", "0");
        t.put("remainHowManyDataToFlush", "1.5 KiB");
        t.put("commitLogDirCapacity", "Total : 252.0 GiB, Free : 228.0 GiB.");
        t.put("putMessageDistributeTime", buckets);
        return t;
    }

    private static final String BEFORE = "[<=0ms]:2508 [0~10ms]:363 [10~50ms]:10 [50~100ms]:0 [100~200ms]:0 [200~500ms]:0 "
            + "[500ms~1s]:0 [1~2s]:0 [2~3s]:0 [3~4s]:0 [4~5s]:0 [5~10s]:0 [10s~]:0 ";

    @Test
    void should_read_the_first_window_of_tps_and_byte_counts_with_units() {
        BrokerRuntimeStats stats = BrokerRuntimeStats.parse(table(BEFORE));

        assertThat(stats.putTps()).isEqualTo(1520.5);
        assertThat(stats.getTransferredTps()).isEqualTo(0.0);
        assertThat(stats.putLatencyP99Ms()).isEqualTo(5.5);
        assertThat(stats.sendQueueSize()).isEqualTo(17);
        assertThat(stats.sendQueueCapacity()).isEqualTo(10_000);
        assertThat(stats.sendQueueHeadWaitMs()).isEqualTo(4);
        assertThat(stats.pageCacheLockMs()).isEqualTo(3);
        assertThat(stats.flushBehindBytes()).isEqualTo(1536);
        assertThat(stats.commitLogDiskTotalBytes()).isCloseTo(252.0 * (1L << 30), within(1.0));
        assertThat(stats.commitLogDiskFreeBytes()).isCloseTo(228.0 * (1L << 30), within(1.0));
        assertThat(stats.putBucketUpperMs()).startsWith(0.0, 10.0, 50.0).endsWith(10_000.0, Double.POSITIVE_INFINITY);
    }

    @Test
    void should_find_the_p99_bucket_of_the_puts_between_two_readings() {
        BrokerRuntimeStats before = BrokerRuntimeStats.parse(table(BEFORE));
        // 1000 more puts: 980 under 10 ms, 15 in 10~50 ms, 5 in 100~200 ms -> p99 lies in 10~50 ms
        BrokerRuntimeStats after = BrokerRuntimeStats.parse(table("[<=0ms]:3008 [0~10ms]:843 [10~50ms]:25 [50~100ms]:0 "
                + "[100~200ms]:5 [200~500ms]:0 [500ms~1s]:0 [1~2s]:0 [2~3s]:0 [3~4s]:0 [4~5s]:0 [5~10s]:0 [10s~]:0"));

        assertThat(after.putTimeP99BucketMs(before)).isEqualTo(50.0);
        assertThat(before.putTimeP99BucketMs(before)).as("no puts in between").isNaN();
    }

    @Test
    void should_treat_missing_entries_of_an_older_broker_as_unknown() {
        BrokerRuntimeStats stats = BrokerRuntimeStats.parse(Map.of("getTransferedTps", "12.5 3.0 1.0"));

        assertThat(stats.getTransferredTps()).isEqualTo(12.5);
        assertThat(stats.putTps()).isNaN();
        assertThat(stats.commitLogDiskTotalBytes()).isNaN();
        assertThat(stats.putTimeP99BucketMs(null)).isNaN();
    }
}
