package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;

/** Which resource the verdict blames at the knee, and the evidence it gives, on synthetic plateaus. */
@Timeout(10)
class BottleneckVerdictTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();
    /** Knee at step 2, then two flat steps. */
    private static final double[] PLATEAU = {10_000, 20_000, 30_000, 30_500, 30_200};
    private static final int KNEE = 2;

    @Test
    void should_blame_the_load_generator_when_its_cpu_is_saturated() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("client", i >= KNEE ? 1.9 : 0.6 * (i + 1), 2)
                .cpu("broker-1", 0.5, 4)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CLIENT);
        assertThat(b.source()).isEqualTo("client");
        assertThat(b.summary()).startsWith("the load generator is the limit, not the cluster: mqprobe CPU 1.90/2 cores (95 %) at the knee (step 2)");
        assertThat(b.evidence()).startsWith("client CPU 1.90/2 cores (95 %)", "broker-1 CPU 0.50/4 cores (13 %)");
    }

    @Test
    void should_name_the_saturated_load_worker_among_several_and_mark_the_figures_lower_bounds() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("client", 0.2, 2).cpu("client:local-1", 0.5, 2)
                .cpu("client:local-2", i >= KNEE ? 1.92 : 0.6 * (i + 1), 2).cpu("broker-1", 0.5, 4)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CLIENT);
        assertThat(b.source()).isEqualTo("client:local-2");
        assertThat(b.summary()).startsWith("the load generator is the limit, not the cluster: load worker local-2 CPU 1.92/2 cores");
        assertThat(b.loadGeneratorAmongLimits()).isTrue();
    }

    @Test
    void should_name_a_resource_that_saturates_one_step_past_the_knee() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", i > KNEE ? 1.9 : 0.7 * (i + 1) / (KNEE + 1), 2)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(b.summary()).isEqualTo("broker-1 CPU 1.90/2 cores (95 %) at step 3, past the knee (step 2)");
        assertThat(b.evidence()).last().asString().endsWith("at step 3");
    }

    @Test
    void should_blame_the_load_generator_when_its_send_delay_grows() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("client", 0.8, 2).cpu("broker-1", 0.6, 2)
                .use("client", Metric.SEND_DELAY_P99_US, i == 0 ? 200 : 35_000)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CLIENT);
        assertThat(b.summary()).contains("mqprobe falls behind its send schedule (send delay p99 35 ms, was 200 µs at step 0)");
    }

    @Test
    void should_not_blame_a_steady_send_delay() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.6, 2)
                .use("client", Metric.SEND_DELAY_P99_US, 12_000)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.PARTITION);   // nothing saturated: not the client
        assertThat(b.evidence()).contains("send delay p99 12 ms");
    }

    @Test
    void should_give_a_shared_cpu_verdict_when_the_host_is_full_and_no_process_is() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("host", 1.96, 2).cpu("client", 0.9, 2)
                .cpu("broker-1", 0.55, 2).cpu("broker-2", 0.5, 2)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.SHARED_CPU);
        assertThat(b.source()).isEqualTo("host");
        assertThat(b.summary()).contains("share this host's cores").contains("host CPU 1.96/2 cores (98 %)")
                .contains("no single process saturated");
        assertThat(b.evidence()).containsSubsequence("client CPU 0.90/2 cores (45 %)", "broker-1 CPU 0.55/2 cores (28 %)",
                "broker-2 CPU 0.50/2 cores (25 %)");
    }

    @Test
    void should_blame_the_broker_not_the_shared_host_when_one_broker_is_saturated() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("host", 1.98, 2).cpu("client", 0.2, 2).cpu("broker-1", 1.78, 2)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(b.source()).isEqualTo("broker-1");
    }

    @Test
    void should_blame_the_disk_when_writes_reach_its_ceiling() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.9, 2)
                .use("broker-1", Metric.DISK_WRITE_BPS, 1.5e9, 1.6e9)
                .use("broker-1", Metric.NET_RX_BPS, 0.4e9, 3.2e9)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.DISK);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.evidence()).first().isEqualTo("disk 94 % of ceiling (1.5 GB/s of 1.6 GB/s) on broker-1");
        assertThat(b.evidence()).contains("NIC 13 % of ceiling (400.0 MB/s of 3.2 GB/s) on broker-1");
    }

    @Test
    void should_blame_the_disk_when_iowait_is_over_its_threshold() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.9, 2).use("host", Metric.CPU_IOWAIT_PCT, 55)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.DISK);
        assertThat(b.summary()).isEqualTo("iowait 55 % (host) at the knee (step 2): the disk cannot keep up");
    }

    @Test
    void should_blame_the_nic_when_traffic_reaches_its_ceiling() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-2", 1.0, 4)
                .use("broker-2", Metric.NET_TX_BPS, 2.9e9, 3.2e9)
                .use("broker-2", Metric.DISK_WRITE_BPS, 0.6e9, 1.7e9)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NIC);
        assertThat(b.source()).isEqualTo("broker-2");
        assertThat(b.summary()).startsWith("NIC 91 % of ceiling");
        assertThat(b.evidence()).contains("disk 35 % of ceiling (600.0 MB/s of 1.7 GB/s) on broker-2");
    }

    @Test
    void should_name_every_saturated_resource_most_loaded_first_when_they_tie() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 1.75, 2)
                .use("broker-1", Metric.DISK_WRITE_BPS, 1.58e9, 1.6e9)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(b.evidence()).startsWith("disk 99 % of ceiling (1.6 GB/s of 1.6 GB/s) on broker-1",
                "broker-1 CPU 1.75/2 cores (88 %)");
        assertThat(b.source()).as("one broker, two of its resources").isEqualTo("broker-1");
        assertThat(b.parties()).containsExactlyInAnyOrder(new Bottleneck.Party(Bottleneck.DISK, "broker-1"),
                new Bottleneck.Party(Bottleneck.CPU, "broker-1"));
        assertThat(b.loadGeneratorAmongLimits()).isFalse();
    }

    @Test
    void should_call_a_tie_of_load_generator_and_broker_co_limited_and_say_how_to_tell_them_apart() {
        // the run: client 88 % of its quota and broker-1 98 % at the knee; one name would be a coin toss
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("client", 0.44, 0.5).cpu("broker-1", 0.49, 0.5)
                .cpu("broker-2", 0.05, 0.5)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(b.source()).isEqualTo("broker-1+client");
        assertThat(b.summary()).startsWith("co-limited at the knee (step 2): broker-1 CPU 0.49/0.5 cores (98 %) and client CPU 0.44/0.5 cores (88 %)")
                .contains("more load-generator cores (--client-cores) or a second load generator", "a bigger broker (--broker-spec)",
                        "lower bounds");
        // what compare needs to call "cpu / broker-1" in another run the same limit
        assertThat(b.limits()).containsExactlyInAnyOrder(new Bottleneck.Party(Bottleneck.CPU, "broker-1"),
                new Bottleneck.Party(Bottleneck.CLIENT, "client"));
        assertThat(b.loadGeneratorAmongLimits()).isTrue();
    }

    @Test
    void should_count_a_resource_just_below_saturation_into_the_tie_but_not_one_well_below() {
        Bottleneck near = verdictOfPlateau((i, s) -> s.cpu("client", 0.40, 0.5).cpu("broker-1", 0.49, 0.5)).bottleneck();
        Bottleneck far = verdictOfPlateau((i, s) -> s.cpu("client", 0.30, 0.5).cpu("broker-1", 0.49, 0.5)).bottleneck();

        assertThat(near.resource()).isEqualTo(Bottleneck.CO_LIMITED);   // 80 %: within 10 points of the 85 % bar
        assertThat(far.resource()).isEqualTo(Bottleneck.CPU);           // 60 %: the evidence separates them
        assertThat(far.source()).isEqualTo("broker-1");
    }

    @Test
    void should_count_a_nic_or_disk_into_a_tie_only_at_its_own_threshold() {
        // replicated-leader, series of 2026-11-30 21:01, run 3: the loopback NIC at 73 % of its ceiling beside brokers and
        // the load generator at their quotas read "co-limited broker-1+broker-2+broker-3+client+host"
        Bottleneck below = verdictOfPlateau((i, s) -> s.cpu("client", 0.39, 0.4).cpu("broker-1", 0.39, 0.4)
                .use("host", Metric.NET_RX_BPS, 0.575e9, 0.7875e9).use("broker-1", Metric.DISK_WRITE_BPS, 0.24e9, 0.32e9)).bottleneck();
        Bottleneck at = verdictOfPlateau((i, s) -> s.cpu("client", 0.39, 0.4).cpu("broker-1", 0.39, 0.4)
                .use("host", Metric.NET_RX_BPS, 0.64e9, 0.7875e9)).bottleneck();

        assertThat(below.source()).isEqualTo("broker-1+client");
        assertThat(at.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(at.source()).isEqualTo("broker-1+host+client");
        assertThat(at.evidence()).contains("NIC 81 % of ceiling (640.0 MB/s of 787.5 MB/s) on host");
    }

    @Test
    void should_leave_a_process_below_saturation_out_of_a_tie_when_its_quota_seldom_ran_out() {
        // replicated-leader here: the load generator at 74-83 % of its quota, throttled in 18-28 % of its periods, beside
        // brokers at their quotas throttled in 44-86 %: named in seven runs of nine, from where its mean fell
        Bottleneck seldom = verdictOfPlateau((i, s) -> s.cpu("client", 0.41, 0.5).use("client", Metric.CPU_THROTTLED_SHARE, 0.22)
                .cpu("broker-1", 0.47, 0.5).use("broker-1", Metric.CPU_THROTTLED_SHARE, 0.62)).bottleneck();
        Bottleneck held = verdictOfPlateau((i, s) -> s.cpu("client", 0.41, 0.5).use("client", Metric.CPU_THROTTLED_SHARE, 0.45)
                .cpu("broker-1", 0.47, 0.5).use("broker-1", Metric.CPU_THROTTLED_SHARE, 0.62)).bottleneck();

        assertThat(seldom.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(seldom.source()).isEqualTo("broker-1");
        assertThat(held.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(held.source()).isEqualTo("broker-1+client");
    }

    @Test
    void should_name_processes_just_below_saturation_whose_quotas_ran_out_often_and_not_those_whose_quotas_seldom_did() {
        // replicated-all here: three brokers at 83-85 % of their quotas, throttled in 42-46 % of their periods
        Bottleneck bound = verdictOfPlateau((i, s) -> s.cpu("client", 0.26, 0.4)
                .cpu("broker-1", 0.336, 0.4).use("broker-1", Metric.CPU_THROTTLED_SHARE, 0.42)
                .cpu("broker-2", 0.336, 0.4).use("broker-2", Metric.CPU_THROTTLED_SHARE, 0.46)).bottleneck();
        Bottleneck free = verdictOfPlateau((i, s) -> s.cpu("client", 0.26, 0.4)
                .cpu("broker-1", 0.336, 0.4).use("broker-1", Metric.CPU_THROTTLED_SHARE, 0.12)
                .cpu("broker-2", 0.336, 0.4).use("broker-2", Metric.CPU_THROTTLED_SHARE, 0.15)).bottleneck();

        assertThat(bound.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(bound.source()).isEqualTo("broker-1+broker-2");
        assertThat(free.resource()).isNotIn(Bottleneck.CO_LIMITED, Bottleneck.CPU);
    }

    @Test
    void should_blame_replication_when_followers_fall_behind() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.7, 2)
                .use("broker-2", Metric.UNDER_REPLICATED, i >= KNEE ? 4 : 0)
                .use("broker-1", Metric.ISR_SHRINKS_PER_S, i >= KNEE ? 0.5 : 0)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.REPLICATION);
        assertThat(b.source()).isEqualTo("broker-2");
        assertThat(b.summary()).startsWith("followers fall behind the leaders at the knee (step 2): under-replicated partitions 4 (broker-2)");
        assertThat(b.evidence()).startsWith("under-replicated partitions 4 (broker-2)", "ISR shrinks 0.5/s (broker-1)");
    }

    @Test
    void should_name_the_broker_whose_partitions_are_under_replicated_beside_the_cluster_total() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.7, 2)
                .use("cluster", Metric.UNDER_REPLICATED, i >= KNEE ? 5 : 0)
                .use("broker-3", Metric.UNDER_REPLICATED, i >= KNEE ? 4 : 0)
                .use("broker-1", Metric.UNDER_REPLICATED, i >= KNEE ? 1 : 0)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.REPLICATION);
        assertThat(b.source()).isEqualTo("broker-3");
    }

    @Test
    void should_blame_replication_when_follower_bytes_stay_flat_while_leader_bytes_grow() {
        Bottleneck b = verdictOfPlateau((i, s) -> s
                .use("broker-1", Metric.LEADER_WRITE_BPS, PLATEAU[i] * 1024)
                .use("broker-2", Metric.FOLLOWER_WRITE_BPS, Math.min(PLATEAU[i], 15_000) * 1024)
                .use("broker-3", Metric.FOLLOWER_WRITE_BPS, Math.min(PLATEAU[i], 15_000) * 1024)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.REPLICATION);
        assertThat(b.evidence()).first().isEqualTo("follower log writes 30.7 MB/s for 30.7 MB/s from leaders (1×, was 2× at step 0)");
    }

    @Test
    void should_prefer_a_saturated_cpu_over_its_replication_symptoms() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 1.96, 2).use("broker-2", Metric.UNDER_REPLICATED, 2)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(b.evidence()).contains("under-replicated partitions 2 (broker-2)");
    }

    @Test
    void should_blame_broker_threads_when_request_handlers_are_never_idle() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 1.2, 2)
                .use("broker-1", Metric.REQUEST_HANDLER_IDLE_PCT, 3)
                .use("broker-2", Metric.REQUEST_HANDLER_IDLE_PCT, 40)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.BROKER_THREADS);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.summary()).startsWith("broker-1 request handlers 3 % idle at the knee (step 2)").contains("num.io.threads");
    }

    @Test
    void should_blame_request_handlers_on_cpu_all_the_time_on_a_combined_node() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 1.05, 1.5)
                .use("broker-1", Metric.REQUEST_HANDLER_CPU_PCT, 97)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.BROKER_THREADS);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.summary()).startsWith("broker-1 request handlers on CPU 97 % of their time at the knee (step 2)")
                .contains("num.io.threads");
    }

    @Test
    void should_not_blame_request_handlers_that_leave_cpu_time_unused() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.6, 1.5)
                .use("broker-1", Metric.REQUEST_HANDLER_CPU_PCT, 60)).bottleneck();

        assertThat(b.resource()).isNotEqualTo(Bottleneck.BROKER_THREADS);
        assertThat(b.evidence()).contains("broker-1 request handlers on CPU 60 % of their time");
    }

    @Test
    void should_name_a_remote_brokers_node_as_shared_cpu_with_its_steal_not_as_a_process() {
        // the broker's container at 60 % of its limit, its node's cores all used, a quarter of them stolen
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-2", 1.2, 2).cpu("node-of-broker-2", 2.9, 3)
                .use("node-of-broker-2", Metric.CPU_STEAL_PCT, 25, 100)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.SHARED_CPU);
        assertThat(b.source()).isEqualTo("node-of-broker-2");
        assertThat(b.summary()).contains("its node's cores ran out");
        assertThat(b.evidence()).first().asString().startsWith("node-of-broker-2 CPU 2.90/3 cores (97 %), steal 25 %");
    }

    @Test
    void should_name_a_throttled_broker_disk_once_beside_the_hosts_iowait() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.05, 1.5)
                .use("broker-1", Metric.DISK_WRITE_BPS, 2.9e6, 2.9e6)
                .use("host", Metric.CPU_IOWAIT_PCT, 56)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.DISK);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.evidence()).contains("iowait 56 % (host)");
    }

    @Test
    void should_name_the_partition_log_on_its_leader_when_a_plateau_has_no_hot_resource() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", 0.9, 2).cpu("broker-2", 0.1, 2)
                .use("broker-1", Metric.DISK_WRITE_BPS, 0.3e9, 1.6e9)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.PARTITION);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.summary()).startsWith("throughput stops growing at the knee (step 2) with no measured resource saturated; highest: broker-1 CPU 45 %")
                .contains("add partitions");
        assertThat(b.evidence()).first().asString().startsWith("no measured resource saturated; highest: broker-1 CPU 45 %");
    }

    @Test
    void should_say_nothing_saturated_when_no_broker_was_watched() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.use("client", Metric.SEND_DELAY_P99_US, 10)).bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).startsWith("no measured resource saturated at the knee (step 2)");
    }

    @Test
    void should_end_the_evidence_with_latency_errors_and_throughput_at_the_knee() {
        Bottleneck b = verdictOfPlateau((i, s) -> s.cpu("broker-1", i >= KNEE ? 1.96 : 0.5 * (i + 1), 2)).bottleneck();

        assertThat(b.evidence()).last().isEqualTo("p99 5.0 ms (SLO 200 ms), errors 0 %, 30,000 msgs/s (30.7 MB/s) at step 2");
    }

    private static ScenarioVerdict verdictOfPlateau(BiConsumer<Integer, StepBuilder> resources) {
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < PLATEAU.length; i++) {
            StepBuilder builder = step(i, PLATEAU[i]);
            resources.accept(i, builder);
            steps.add(builder.build());
        }
        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "plateau");
        assertThat(verdict.knee().step()).isEqualTo(KNEE);
        return verdict;
    }
}
