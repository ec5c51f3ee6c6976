package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class OmbResultFileTest {

    private static final List<String> PERCENTILES = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct",
            "99999pct", "Max");

    private final OmbWorkload workload = new OmbWorkload("1 topic / 3 partitions", 1, 3, 512, Map.of(), null, false, 0, 0,
            KeyDistributor.NO_KEY, 1, 2, 4, 1000, 0, 1, Duration.ofMinutes(1), Duration.ofSeconds(2));
    private final OmbDriverConfig driver = new OmbDriverConfig("Kafka-test", OmbFiles.KAFKA_DRIVER_CLASS, "kafka", 1, true,
            Map.of(), Map.of(), Map.of(), Map.of());

    /**
     * Two warm-up seconds, 25 measured seconds while sending, one measured second of drain: every sending second 1000
     * acknowledged (service 2 ms, corrected 3 ms, send delay 50 µs), 1 failed, 900 consumed (end to end 5 ms).
     */
    private static OmbWindows constructedRun() {
        return constructedRun(new OmbWindows(1), 0);
    }

    private static OmbWindows constructedRun(OmbWindows windows, int step) {
        long acked = 0, failed = 0, consumed = 0;
        for (int second = 1; second <= 28; second++) {
            boolean warmup = second <= 2;
            boolean sending = second <= 27;
            if (sending) {
                acked += 1000;
                failed += 1;
                consumed += 900;
            }
            long epochMs = 1_000_000 + second * 1000L;
            SendStats.Snapshot send = new SendStats.Snapshot(epochMs, acked + failed, acked, acked * 512, failed, Map.of(),
                    histogram(sending ? 1000 : 0, 3000), histogram(sending ? 1000 : 0, 2000),
                    histogram(sending ? 1000 : 0, 50), 0, 1_000_000, epochMs, 0);
            ConsumeStats.Snapshot consume = new ConsumeStats.Snapshot(epochMs, consumed, consumed * 512,
                    histogram(sending ? 900 : 0, 5000));
            windows.onInterval(row(epochMs, step, warmup), sending, send, consume);
        }
        windows.finish();
        return windows;
    }

    private static Histogram histogram(int count, long valueUs) {
        Histogram h = LatencyHistograms.newHistogram();
        if (count > 0) {
            h.recordValueWithCount(valueUs, count);
        }
        return h;
    }

    private static IntervalRow row(long epochMs, int step, boolean warmup) {
        return new IntervalRow(epochMs, "omb", step, warmup ? IntervalRow.WARMUP : IntervalRow.MEASURE, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                null, null, null, null);
    }

    @Test
    void should_write_omb_field_names_in_omb_order_and_mqprobe_figures_under_its_own_names() {
        JsonNode json = OmbResultFile.toJson(workload, driver, constructedRun(), List.of("a note"));

        Set<String> expected = new LinkedHashSet<>(List.of("workload", "driver", "messageSize", "topics", "partitions",
                "producersPerTopic", "consumersPerTopic", "publishRate", "publishErrorRate", "consumeRate", "backlog"));
        PERCENTILES.forEach(p -> expected.add("publishLatency" + p));
        PERCENTILES.forEach(p -> expected.add("publishDelayLatency" + p));
        PERCENTILES.forEach(p -> expected.add("aggregatedPublishLatency" + p));
        PERCENTILES.forEach(p -> expected.add("aggregatedPublishDelayLatency" + p));
        expected.add("aggregatedPublishLatencyQuantiles");
        expected.add("aggregatedPublishDelayLatencyQuantiles");
        PERCENTILES.forEach(p -> expected.add("endToEndLatency" + p));
        expected.add("aggregatedEndToEndLatencyQuantiles");
        PERCENTILES.forEach(p -> expected.add("aggregatedEndToEndLatency" + p));
        PERCENTILES.forEach(p -> expected.add("mqprobeCorrectedPublishLatency" + p));
        PERCENTILES.forEach(p -> expected.add("mqprobeAggregatedCorrectedPublishLatency" + p));
        expected.add("mqprobeWindowSeconds");
        expected.add("mqprobeNotes");

        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactlyElementsOf(expected);
        assertThat(json.get("workload").asText()).isEqualTo("1 topic / 3 partitions");
        assertThat(json.get("driver").asText()).isEqualTo("Kafka-test");
        assertThat(json.get("messageSize").asLong()).isEqualTo(512);
        assertThat(json.get("topics").asInt()).isEqualTo(1);
        assertThat(json.get("partitions").asInt()).isEqualTo(3);
        assertThat(json.get("producersPerTopic").asInt()).isEqualTo(4);
        assertThat(json.get("consumersPerTopic").asInt()).isEqualTo(2);
        assertThat(json.get("mqprobeNotes").get(0).asText()).isEqualTo("a note");
    }

    @Test
    void should_cut_the_measured_sending_seconds_into_ten_second_windows_keeping_a_short_last_one() {
        JsonNode json = OmbResultFile.toJson(workload, driver, constructedRun(), List.of());

        assertThat(json.get("mqprobeWindowSeconds")).extracting(JsonNode::asDouble).containsExactly(10.0, 10.0, 5.0);
        for (String series : List.of("publishRate", "publishErrorRate", "consumeRate", "backlog", "publishLatency99pct",
                "publishDelayLatencyMax", "endToEndLatencyAvg", "mqprobeCorrectedPublishLatency50pct")) {
            assertThat(json.get(series)).as(series).hasSize(3);
        }
        for (int i = 0; i < 3; i++) {
            assertThat(json.get("publishRate").get(i).asDouble()).isCloseTo(1000, within(1e-9));
            assertThat(json.get("publishErrorRate").get(i).asDouble()).isCloseTo(1, within(1e-9));
            assertThat(json.get("consumeRate").get(i).asDouble()).isCloseTo(900, within(1e-9));
        }
        // backlog = acknowledged × subscriptions − consumed, at each window's end (2 warm-up seconds included)
        assertThat(json.get("backlog")).extracting(JsonNode::asLong).containsExactly(1200L, 2200L, 2700L);
    }

    @Test
    void should_keep_only_the_last_steps_windows_after_a_rate_search() {
        OmbWindows windows = new OmbWindows(1);
        // a search step at another rate first: its seconds must not leak into the workload's windows
        long epochMs = 500_000;
        for (int second = 1; second <= 12; second++) {
            windows.onInterval(row(epochMs + second * 1000L, 0, false), true,
                    new SendStats.Snapshot(epochMs, second * 5000L, second * 5000L, second * 5000L * 512, 0, Map.of(),
                            histogram(5000, 90_000), histogram(5000, 80_000), histogram(5000, 10), 0, 1_000_000, epochMs, 0),
                    null);
        }
        windows.finish();

        JsonNode json = OmbResultFile.toJson(workload, driver, constructedRun(windows, 1), List.of());

        assertThat(json.get("mqprobeWindowSeconds")).extracting(JsonNode::asDouble).containsExactly(10.0, 10.0, 5.0);
        assertThat(json.get("publishRate")).allSatisfy(r -> assertThat(r.asDouble()).isCloseTo(1000, within(1e-9)));
        assertThat(json.get("backlog")).extracting(JsonNode::asLong).containsExactly(1200L, 2200L, 2700L);
        assertThat(json.get("aggregatedPublishLatencyMax").asDouble()).as("ms: the search step's 80 ms are gone").isLessThan(10);
    }

    @Test
    void should_write_publish_and_end_to_end_latency_in_ms_and_publish_delay_in_us() {
        JsonNode json = OmbResultFile.toJson(workload, driver, constructedRun(), List.of());

        assertThat(json.get("publishLatency50pct").get(0).asDouble()).isCloseTo(2.0, within(0.01));
        assertThat(json.get("publishLatencyAvg").get(0).asDouble()).isCloseTo(2.0, within(0.01));
        assertThat(json.get("publishLatencyMax").get(2).asDouble()).isCloseTo(2.0, within(0.01));
        assertThat(json.get("publishDelayLatency50pct").get(0).isIntegralNumber()).isTrue();
        assertThat(json.get("publishDelayLatency50pct").get(0).asLong()).isEqualTo(50);
        assertThat(json.get("publishDelayLatencyAvg").get(0).asDouble()).isCloseTo(50, within(0.5));
        assertThat(json.get("endToEndLatency99pct").get(1).asDouble()).isCloseTo(5.0, within(0.01));
        assertThat(json.get("mqprobeCorrectedPublishLatency99pct").get(0).asDouble()).isCloseTo(3.0, within(0.01));

        assertThat(json.get("aggregatedPublishLatency9999pct").asDouble()).isCloseTo(2.0, within(0.01));
        assertThat(json.get("aggregatedPublishDelayLatencyMax").asLong()).isEqualTo(50);
        assertThat(json.get("aggregatedEndToEndLatency75pct").asDouble()).isCloseTo(5.0, within(0.01));
        assertThat(json.get("mqprobeAggregatedCorrectedPublishLatencyAvg").asDouble()).isCloseTo(3.0, within(0.01));
    }

    @Test
    void should_map_quantiles_to_latency_with_percentile_keys_that_omb_charts_read() {
        JsonNode json = OmbResultFile.toJson(workload, driver, constructedRun(), List.of());

        JsonNode quantiles = json.get("aggregatedPublishLatencyQuantiles");
        assertThat(quantiles.size()).isPositive();
        quantiles.fields().forEachRemaining(e -> {
            assertThat(Double.parseDouble(e.getKey())).isBetween(0.0, 100.0);
            assertThat(e.getValue().asDouble()).as("ms").isCloseTo(2.0, within(0.01));
        });
        json.get("aggregatedPublishDelayLatencyQuantiles").elements()
                .forEachRemaining(us -> assertThat(us.asLong()).as("µs").isEqualTo(50));
        json.get("aggregatedEndToEndLatencyQuantiles").elements()
                .forEachRemaining(ms -> assertThat(ms.asDouble()).as("ms").isCloseTo(5.0, within(0.01)));
    }

    @Test
    void should_name_the_file_as_omb_does(@TempDir Path dir) throws Exception {
        Instant at = Instant.parse("2026-11-26T08:30:05Z");
        OmbPlan plan = OmbPlan.of(workload, "w.yaml", driver, "mqprobe-omb-x", null, null, Duration.ofSeconds(5));

        Path file = OmbResultFile.write(dir, plan, constructedRun(), plan.notes(), at);

        assertThat(file.getFileName().toString()).isEqualTo("1-topic-3-partitions-Kafka-test-2026-11-26-08-30-05.json");
        assertThat(new ObjectMapper().readTree(Files.readString(file)).get("publishRate")).hasSize(3);
    }
}
