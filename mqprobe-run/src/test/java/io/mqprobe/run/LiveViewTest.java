package io.mqprobe.run;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class LiveViewTest {

    private static final double MB = 1e6;
    private static final long NOW = 1_763_767_805_000L;

    @Test
    void should_show_leader_and_follower_traffic_per_broker_side_by_side() {
        LiveView view = new LiveView();
        // one RF-3 partition led by broker 1: the leader takes 100 MB/s, both followers copy it
        for (int id = 1; id <= 3; id++) {
            view.accept(ResourceSample.of(NOW, "broker-" + id, Metric.LEADER_WRITE_BPS, id == 1 ? 100 * MB : 0));
            view.accept(ResourceSample.of(NOW, "broker-" + id, Metric.FOLLOWER_WRITE_BPS, id == 1 ? 0 : 100 * MB));
            view.accept(ResourceSample.of(NOW, "broker-" + id, Metric.BYTES_IN_BPS, id == 1 ? 99.5 * MB : 0));
            view.accept(ResourceSample.of(NOW, "broker-" + id, Metric.REPLICATION_BYTES_IN_BPS, id == 1 ? 0 : 99.5 * MB));
        }
        view.accept(ResourceSample.of(NOW, "cluster", Metric.UNDER_REPLICATED, 2));

        List<String> screen = view.render(NOW, 2_500);

        assertThat(screen.get(0)).contains("traffic in 99.5 MB/s").contains("replication 199.0 MB/s").contains("URP 2");
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("brokers").contains("[1, 2, 3]"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("leader log").endsWith("[100.0, 0.0, 0.0]"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("follower log").endsWith("[0.0, 100.0, 100.0]"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("leader in").endsWith("[99.5, 0.0, 0.0]"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("follower in").endsWith("[0.0, 99.5, 99.5]"));
    }

    @Test
    void should_fall_back_to_log_growth_totals_without_jmx_and_mark_missing_brokers() {
        LiveView view = new LiveView();
        view.accept(ResourceSample.of(NOW, "broker-1", Metric.LEADER_WRITE_BPS, 10 * MB));
        view.accept(ResourceSample.of(NOW, "broker-1", Metric.FOLLOWER_WRITE_BPS, 0));
        view.accept(ResourceSample.of(NOW, "broker-2", Metric.LEADER_WRITE_BPS, 5 * MB));
        view.accept(new ResourceSample(NOW, "broker-3", Metric.CPU_CORES, 0.5, 2.0));
        view.accept(ResourceSample.of(NOW, "broker-3", Metric.DISK_READ_BPS, 0));
        view.accept(ResourceSample.of(NOW, "broker-3", Metric.BYTES_OUT_BPS, MB));

        List<String> screen = view.render(NOW, 2_500);

        assertThat(screen.get(0)).contains("traffic in 15.0 MB/s").contains("out 1.0 MB/s").contains("URP -");
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("leader log").endsWith("[10.0, 5.0, -]"));
        assertThat(screen).noneMatch(l -> l.contains("leader in"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("broker-3").contains("cpu 0.50/2.00 (25%)  r 0 B/s  out 1.0 MB/s"));
    }

    @Test
    void should_leave_out_values_older_than_the_staleness_limit() {
        LiveView view = new LiveView();
        view.accept(new ResourceSample(NOW - 10_000, "host", Metric.CPU_CORES, 1.9, 2.0));
        view.accept(new ResourceSample(NOW - 100, "host", Metric.PAGE_CACHE_BYTES, 3.0 * (1 << 30), 24.0 * (1 << 30)));
        view.accept(new ResourceSample(NOW - 100, "host", Metric.CPU_IOWAIT_PCT, 12.4, 100));
        view.accept(ResourceSample.of(NOW - 100, "group:billing", Metric.CONSUMER_LAG, 1200));
        view.accept(ResourceSample.of(NOW - 100, "cluster", Metric.CONSUMER_LAG, 1200));

        List<String> screen = view.render(NOW, 2_500);

        assertThat(screen).anySatisfy(l -> assertThat(l).contains("host").contains("iowait 12%").contains("page cache 3.0 GiB")
                .doesNotContain("cpu"));
        assertThat(screen).anySatisfy(l -> assertThat(l).contains("lag").contains("billing 1200"));
        assertThat(screen.get(0)).contains("lag 1200");
    }
}
