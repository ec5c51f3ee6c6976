package io.mqprobe.experiment;

import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.load.RunControl;
import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** A step waits for the backlog of the one before it: under-replication, followers behind, busy brokers; bounded. */
@Timeout(20)
class SettlingTest {

    private static final String TOPIC = "t";
    private static final SettleSpec SPEC = new SettleSpec(Duration.ofSeconds(5), 25, 15, false);
    private static final Consumer<String> NO_RECREATE = topic -> {
        throw new AssertionError("recreated " + topic + " where waiting was asked for");
    };

    @Test
    void waits_until_replication_caught_up_and_the_brokers_are_idle_and_records_what_it_saw_first() {
        AtomicInteger looks = new AtomicInteger();
        // a follower out of sync and 64 MiB behind for the first three looks, the broker busy for the first five
        Backlog admin = new Backlog(looks, 3, 64L << 20);
        Settling settling = new Settling(admin, ms -> List.of(cpu(looks.get() < 5 ? 0.45 : 0.05)), new RunControl(), NO_RECREATE);

        StepResult.Settle settle = settling.await(SPEC, List.of(TOPIC), false, false);

        assertThat(settle.settled()).isTrue();
        assertThat(settle.unsettled()).isNull();
        assertThat(settle.underReplicatedAtStart()).isZero();   // the last look, when the step starts
        assertThat(settle.atFirstLook()).contains("under-replicated partitions 1", "followers 64", "behind");
        assertThat(settle.waitedMs()).isBetween(750L, 4_000L);
    }

    @Test
    void stops_at_its_bound_and_says_what_was_still_unsettled() {
        AtomicInteger looks = new AtomicInteger();
        Backlog admin = new Backlog(looks, Integer.MAX_VALUE, 8L << 20);
        Settling settling = new Settling(admin, ms -> List.of(cpu(0.05)), new RunControl(), NO_RECREATE);

        StepResult.Settle settle = settling.await(new SettleSpec(Duration.ofMillis(600), 25, 15, false), List.of(TOPIC), false, false);

        assertThat(settle.settled()).isFalse();
        assertThat(settle.unsettled()).startsWith("still unsettled after").contains("under-replicated partitions 1");
        assertThat(settle.underReplicatedAtStart()).isEqualTo(1);
    }

    @Test
    void a_cluster_without_backlog_starts_at_once_and_a_backlog_waits_for_a_broker_cpu_sample_taken_after_the_wait_began() {
        AtomicInteger looks = new AtomicInteger();
        Settling idle = new Settling(new Backlog(looks, 0, 0), ms -> List.of(cpu(0.45)), new RunControl(), NO_RECREATE);

        StepResult.Settle none = idle.await(SPEC, List.of(TOPIC), false, false);

        assertThat(none.settled()).isTrue();
        assertThat(none.atFirstLook()).isNull();
        assertThat(none.waitedMs()).isLessThan(250);

        AtomicInteger backlogLooks = new AtomicInteger();
        // a follower behind at the first look only; the monitors have a broker CPU source (seen over the last 5 s)
        // but no sample since the wait began until the third look
        Settling caughtUp = new Settling(new Backlog(backlogLooks, 1, 32L << 20),
                ms -> ms >= 5000 || backlogLooks.get() >= 3 ? List.of(cpu(0.02)) : List.of(), new RunControl(), NO_RECREATE);

        StepResult.Settle settle = caughtUp.await(SPEC, List.of(TOPIC), false, false);

        assertThat(settle.settled()).isTrue();
        assertThat(settle.atFirstLook()).contains("under-replicated partitions 1", "no broker CPU sample yet");
        assertThat(backlogLooks.get()).isEqualTo(3);
    }

    @Test
    void a_paced_step_waits_for_idle_brokers_even_without_a_replication_backlog() {
        AtomicInteger looks = new AtomicInteger();
        // the unthrottled step before left broker-1 busy for the first four looks, with nothing under-replicated
        Settling settling = new Settling(new Backlog(looks, 0, 0), ms -> List.of(cpu(looks.get() <= 4 ? 0.46 : 0.04)), new RunControl(), NO_RECREATE);

        StepResult.Settle unthrottled = settling.await(SPEC, List.of(TOPIC), false, false);
        looks.set(0);
        StepResult.Settle paced = settling.await(SPEC, List.of(TOPIC), true, false);

        assertThat(unthrottled.atFirstLook()).isNull();
        assertThat(paced.settled()).isTrue();
        assertThat(paced.atFirstLook()).isEqualTo("broker-1 CPU 92 %");
        assertThat(looks.get()).isEqualTo(5);
    }

    @Test
    void a_paced_step_waits_for_the_hosts_iowait_to_stay_low_over_two_seconds() {
        AtomicInteger looks = new AtomicInteger();
        // brokers idle and nothing behind, but the host waits on its disk (the ramp's deleted segments being discarded)
        // with a one-second lull: its peak over the last two seconds falls under the bar only from look 14 on
        Settling settling = new Settling(new Backlog(looks, 0, 0),
                ms -> List.of(cpu(0.02), iowait(looks.get() < 14 ? 44 : 3)), new RunControl(), NO_RECREATE);

        StepResult.Settle unthrottled = settling.await(SPEC, List.of(TOPIC), false, false);
        looks.set(0);
        StepResult.Settle paced = settling.await(SPEC, List.of(TOPIC), true, false);

        assertThat(unthrottled.atFirstLook()).isNull();
        assertThat(paced.settled()).isTrue();
        assertThat(paced.atFirstLook()).isEqualTo("host iowait 44 %, iowait read over less than 2s");
        assertThat(looks.get()).isEqualTo(14);

        // a quiet disk from the first look is still read over two seconds before a paced step starts on it
        looks.set(0);
        Settling quiet = new Settling(new Backlog(looks, 0, 0), ms -> List.of(cpu(0.02), iowait(3)), new RunControl(), NO_RECREATE);
        StepResult.Settle settled = quiet.await(SPEC, List.of(TOPIC), true, false);
        assertThat(settled.atFirstLook()).isEqualTo("iowait read over less than 2s");
        assertThat(settled.waitedMs()).isBetween(2_000L, 3_000L);

        // a disk that stays busy holds the step only until the bound, and the step says so
        Settling busy = new Settling(new Backlog(looks, 0, 0), ms -> List.of(cpu(0.02), iowait(44)), new RunControl(), NO_RECREATE);
        StepResult.Settle bounded = busy.await(new SettleSpec(Duration.ofSeconds(3), 25, 15, false), List.of(TOPIC), true, false);
        assertThat(bounded.settled()).isFalse();
        assertThat(bounded.unsettled()).isEqualTo("still unsettled after 3s: host iowait 44 %");
    }

    @Test
    void a_disposable_topic_whose_followers_are_behind_is_created_again_instead_of_waited_for() {
        AtomicInteger looks = new AtomicInteger();
        // followers 1.3 GiB behind for as long as the topic lives (longer than the bound); a second topic level
        Backlog admin = new Backlog(looks, Integer.MAX_VALUE, 1300L << 20);
        List<String> recreated = new CopyOnWriteArrayList<>();
        Settling settling = new Settling(admin, ms -> List.of(cpu(0.02)), new RunControl(), topic -> {
            recreated.add(topic);
            admin.recreated = true;
        });

        StepResult.Settle settle = settling.await(new SettleSpec(Duration.ofSeconds(5), 25, 15, true), List.of(TOPIC, "level"), false, false);

        assertThat(recreated).containsExactly(TOPIC);
        assertThat(settle.recreatedTopics()).containsExactly(TOPIC);
        assertThat(settle.settled()).isTrue();
        assertThat(settle.atFirstLook()).contains("under-replicated partitions 1", "followers 1.3 GiB behind");
        assertThat(settle.underReplicatedAtStart()).isZero();
        assertThat(settle.waitedMs()).isLessThan(2_000);
    }

    @Test
    void a_disposable_topic_that_outgrew_its_share_of_the_disk_budget_is_created_again_before_an_unthrottled_step() {
        AtomicInteger looks = new AtomicInteger();
        // in sync and level: nothing to wait for, but the topic holds more than the budget allows until it is created again
        Backlog admin = new Backlog(looks, 0, 0);
        List<String> recreated = new CopyOnWriteArrayList<>();
        Consumer<String> recreate = topic -> {
            recreated.add(topic);
            admin.recreated = true;
        };
        Settling settling = new Settling(admin, ms -> List.of(cpu(0.02)), new RunControl(), recreate,
                names -> names.stream().filter(TOPIC::equals).filter(name -> !admin.recreated).toList());

        StepResult.Settle settle = settling.await(new SettleSpec(Duration.ofSeconds(5), 25, 15, true), List.of(TOPIC, "level"), false, false);

        assertThat(recreated).containsExactly(TOPIC);
        assertThat(settle.recreatedTopics()).containsExactly(TOPIC);
        assertThat(settle.settled()).isTrue();
        assertThat(settle.waitedMs()).isLessThan(2_000);

        // topics a later step reads are never created anew: the run stops at the budget instead
        Settling kept = new Settling(new Backlog(new AtomicInteger(), 0, 0), ms -> List.of(cpu(0.02)), new RunControl(),
                NO_RECREATE, names -> List.copyOf(names));
        assertThat(kept.await(SPEC, List.of(TOPIC), false, false).recreatedTopics()).isEmpty();
    }

    @Test
    void after_a_topic_is_created_again_an_unthrottled_step_starts_at_once_and_a_paced_one_waits_for_idle_brokers() {
        AtomicInteger looks = new AtomicInteger();
        // followers behind until the topic is created again; broker-1 still busy (the step before ended) until look 6
        Backlog admin = new Backlog(looks, Integer.MAX_VALUE, 600L << 20);
        Settling settling = new Settling(admin, ms -> List.of(cpu(looks.get() < 6 ? 0.46 : 0.04)), new RunControl(),
                topic -> admin.recreated = true);
        SettleSpec recreating = new SettleSpec(Duration.ofSeconds(5), 25, 15, true);

        StepResult.Settle unthrottled = settling.await(recreating, List.of(TOPIC), false, false);

        assertThat(unthrottled.recreatedTopics()).containsExactly(TOPIC);
        assertThat(unthrottled.settled()).isTrue();
        assertThat(looks.get()).isEqualTo(2);   // the look that found the backlog and one that found the new topic in sync

        admin.recreated = false;
        looks.set(0);
        StepResult.Settle paced = settling.await(recreating, List.of(TOPIC), true, false);

        assertThat(paced.recreatedTopics()).containsExactly(TOPIC);
        assertThat(paced.settled()).isTrue();
        assertThat(looks.get()).isEqualTo(6);
    }

    @Test
    void a_paced_step_after_a_paced_one_waits_for_quiet_disks_once_its_topic_was_created_again() {
        AtomicInteger looks = new AtomicInteger();
        // replicated-leader, 2026-12-06 18:43 run 3: a fraction left followers 401 MiB behind, the topic was created again,
        // and the next paced step read the host's iowait at 39 % while the deleted segments were discarded; here the
        // disk is busy until look 12
        Backlog admin = new Backlog(looks, Integer.MAX_VALUE, 401L << 20);
        Settling settling = new Settling(admin, ms -> List.of(cpu(0.02), iowait(looks.get() < 12 ? 39 : 9)), new RunControl(),
                topic -> admin.recreated = true);
        SettleSpec recreating = new SettleSpec(Duration.ofSeconds(8), 25, 15, true);

        StepResult.Settle paced = settling.await(recreating, List.of(TOPIC), true, true);

        assertThat(paced.recreatedTopics()).containsExactly(TOPIC);
        assertThat(paced.settled()).isTrue();
        assertThat(looks.get()).isEqualTo(12);

        // without a backlog a paced step after a paced one starts at once, on a busy disk too: its warm-up covers the
        // second the step before ends in
        Settling level = new Settling(new Backlog(new AtomicInteger(), 0, 0), ms -> List.of(cpu(0.02), iowait(39)),
                new RunControl(), NO_RECREATE);
        StepResult.Settle next = level.await(recreating, List.of(TOPIC), true, true);
        assertThat(next.atFirstLook()).isNull();
        assertThat(next.waitedMs()).isLessThan(1_000);
    }

    private static ResourceUsage cpu(double cores) {
        return new ResourceUsage("broker-1", Metric.CPU_CORES, cores, cores, 0.5);
    }

    /** The host's iowait over a window whose quietest second read 1 %: the wait judges the peak. */
    private static ResourceUsage iowait(double peakPct) {
        return new ResourceUsage("host", Metric.CPU_IOWAIT_PCT, 1, peakPct, 100.0);
    }

    /** One partition with replicas 1, 2: out of sync for the first {@code outOfSyncLooks} looks, its follower behind meanwhile. */
    private static final class Backlog extends EmptyAdmin {
        private final AtomicInteger looks;
        private final int outOfSyncLooks;
        private final long lagBytes;

        Backlog(AtomicInteger looks, int outOfSyncLooks, long lagBytes) {
            this.looks = looks;
            this.outOfSyncLooks = outOfSyncLooks;
            this.lagBytes = lagBytes;
        }

        /** Set when the topic was created again: empty and in sync. */
        volatile boolean recreated;

        @Override
        public List<PartitionInfo> describeTopic(String name) {
            if (!name.equals(TOPIC)) {
                return List.of(new PartitionInfo(name, 0, 1, List.of(1, 2), List.of(1, 2)));
            }
            boolean behind = looks.incrementAndGet() <= outOfSyncLooks && !recreated;
            return List.of(new PartitionInfo(name, 0, 1, List.of(1, 2), behind ? List.of(1) : List.of(1, 2)));
        }

        @Override
        public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
            boolean behind = looks.get() <= outOfSyncLooks && !recreated;
            long leader = recreated ? 0 : 100L << 20;
            return List.of(new ReplicaLogSize(1, TOPIC, 0, leader), new ReplicaLogSize(2, TOPIC, 0, leader - (behind ? lagBytes : 0)),
                    new ReplicaLogSize(1, "level", 0, 5L << 20), new ReplicaLogSize(2, "level", 0, 5L << 20));
        }
    }
}
