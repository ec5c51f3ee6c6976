package io.mqprobe.api.monitor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class LatencyBreakdownTest {

    private static List<ResourceUsage> step(double remoteMs, double totalMs) {
        List<ResourceUsage> r = new ArrayList<>();
        r.add(usage("producers", Metric.CLIENT_RECORD_QUEUE_MS, 4.0));
        r.add(usage("producers", Metric.CLIENT_REQUEST_LATENCY_MS, 30.0));
        for (String broker : List.of("broker-1", "broker-2")) {
            r.add(usage(broker, Metric.PRODUCE_REQUEST_QUEUE_MS, 1.0));
            r.add(usage(broker, Metric.PRODUCE_LOCAL_MS, 2.0));
            r.add(usage(broker, Metric.PRODUCE_REMOTE_MS, remoteMs));
            r.add(usage(broker, Metric.PRODUCE_THROTTLE_MS, 0.0));
            r.add(usage(broker, Metric.PRODUCE_RESPONSE_QUEUE_MS, 0.5));
            r.add(usage(broker, Metric.PRODUCE_RESPONSE_SEND_MS, 0.5));
            r.add(usage(broker, Metric.PRODUCE_TOTAL_MS, totalMs));
        }
        return r;
    }

    private static ResourceUsage usage(String source, String metric, double mean) {
        return ResourceUsage.withoutCapacity(source, metric, mean, mean);
    }

    @Test
    void should_stack_queue_broker_parts_and_network_up_to_queue_plus_request_latency() {
        LatencyBreakdown b = LatencyBreakdown.of(step(20.0, 24.0)).orElseThrow();

        assertThat(b.totalMs()).isCloseTo(4.0 + 30.0, within(1e-9));
        assertThat(b.parts()).extracting(LatencyBreakdown.Part::label).first().isEqualTo("producer queue");
        assertThat(b.parts()).filteredOn(p -> p.label().equals("network and client I/O"))
                .singleElement().satisfies(p -> assertThat(p.meanMs()).isCloseTo(6.0, within(1e-9)));
        assertThat(b.brokerPartsAddUp()).isTrue();
    }

    @Test
    void should_point_at_replica_fetchers_when_waiting_for_followers_dominates() {
        LatencyBreakdown b = LatencyBreakdown.of(step(20.0, 24.0)).orElseThrow();

        assertThat(b.largest().label()).isEqualTo("waiting for followers");
        assertThat(b.advice()).contains("num.replica.fetchers").contains("20.00 ms of 34.00 ms");
    }

    @Test
    void should_say_the_parts_do_not_add_up_when_the_total_disagrees_beyond_the_tolerance() {
        LatencyBreakdown b = LatencyBreakdown.of(step(20.0, 40.0)).orElseThrow();

        assertThat(b.brokerPartsAddUp()).isFalse();
    }

    @Test
    void should_have_no_breakdown_without_any_part() {
        assertThat(LatencyBreakdown.of(List.of(usage("broker-1", Metric.CPU_CORES, 1.0)))).isEmpty();
    }
}
