package io.mqprobe.soak;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The soak's verdict from recordings with planted breaks, drifts and page caches, and from steady ones. */
class SoakJudgeTest {

    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    @Test
    void should_hold_a_steady_soak_with_no_drift() {
        SoakVerdict v = new SoakRecording(300).p99Us(s -> 10_000 + (s % 7) * 300).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.held()).as(v.headline()).isTrue();
        assertThat(v.headline()).startsWith("held 10.0 MB/s for 5 min 0 s: p99 ").endsWith("no drift");
        assertThat(v.minutes()).hasSize(5);
        assertThat(v.drifts()).isEmpty();
        assertThat(v.brokeAtMs()).isNull();
    }

    @Test
    void should_break_at_the_second_a_stall_pushed_p99_past_the_slo_and_say_what_moved_before() {
        // from 3 min 20 s on, a stall: the sends wait 450 ms; the cache shrank before it
        SoakVerdict v = new SoakRecording(300).p99Us(s -> s >= 200 ? 450_000 : 10_000)
                .cache(s -> s < 60 ? 6e8 : 1e8, s -> 0).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.held()).isFalse();
        assertThat(v.brokeAtMs()).isEqualTo(200_000);
        assertThat(v.headline()).isEqualTo("broke at 3 min 20 s: p99 450 ms > SLO 200 ms in minute 4 (2 of 5 minutes past a "
                + "threshold); no process at its CPU limit in minute 4: the busiest was client (0.30 of 0.50 cores, 60 %)");
        assertThat(v.evidence()).anySatisfy(e -> assertThat(e).startsWith("broker-1 page-cache residency 60.0 s → 10.0 s"));
    }

    @Test
    void should_show_a_p99_that_rounds_to_the_slo_finely_enough_to_read_over_it() {
        SoakVerdict v = new SoakRecording(300).p99Us(s -> s >= 200 ? 200_300 : 10_000).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.held()).isFalse();
        assertThat(v.headline()).containsPattern("p99 200\\.[1-9] ms > SLO 200 ms").doesNotContain("p99 200 ms >")
                .doesNotContain("p99 201 ms >");
    }

    @Test
    void should_name_the_process_at_its_cpu_limit_in_the_minute_that_broke() {
        // broker 2 reaches its 0.5-core quota in minute 4, and the stall follows
        SoakVerdict v = new SoakRecording(300).broker2Cores(s -> s >= 180 ? 0.49 : 0.2)
                .p99Us(s -> s >= 200 ? 450_000 : 10_000).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.headline()).endsWith("(2 of 5 minutes past a threshold); broker-2 at its CPU limit in 2 of 2 minutes past a "
                + "threshold (a median 98 % of its 0.50 cores)");
        assertThat(v.evidence()).first().isEqualTo("broker-2 (0.49 of 0.50 cores, 98 %) at its CPU limit in minute 4");
        assertThat(v.clientLimited()).isFalse();
    }

    @Test
    void should_say_the_load_generator_held_back_a_soak_that_broke_while_it_sat_at_its_limit() {
        // a cold first minute with nobody at a limit, then mqprobe at 96 % of its quota and p99 past the SLO to the end
        SoakVerdict v = new SoakRecording(300).clientCores(s -> s < 60 ? 0.3 : 0.48).p99Us(s -> 300_000)
                .judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.headline()).endsWith("(5 of 5 minutes past a threshold); client at its CPU limit in 4 of 5 minutes past a "
                + "threshold (a median 96 % of its 0.50 cores)");
        assertThat(v.clientLimited()).isTrue();
        assertThat(v.evidence()).contains("the load generator, not the cluster, held the soak back: its figures are mqprobe's; "
                + "give it more CPU (--client-cores, or fewer readers) to soak the cluster");
        assertThat(SoakSummary.of(List.of(new SoakSummary.Held(1e6, v))).clientLimited()).isTrue();
        // a probe's answer is neither confirmed nor refuted by a soak mqprobe itself held back
        SoakRecording recording = new SoakRecording(300).clientCores(s -> s < 60 ? 0.3 : 0.48).p99Us(s -> 300_000);
        SoakVerdict checked = recording.judge(recording.criteria(FIVE_MINUTES, 30e9, SoakCorrectionTest.PROBE, 0), false);
        assertThat(checked.probe().confirmed()).isFalse();
        assertThat(checked.probe().outcome()).startsWith("not tested: broke at ")
                .endsWith("; the load generator held the soak back, not the cluster");
        // at its limit in under half of the broken minutes: nobody is named for the whole break
        SoakVerdict brief = new SoakRecording(300).clientCores(s -> s >= 240 ? 0.48 : 0.3).p99Us(s -> 300_000)
                .judge(FIVE_MINUTES, 30e9, false);
        assertThat(brief.clientLimited()).isFalse();
        assertThat(brief.headline()).endsWith("no process at its CPU limit in minute 1: the busiest was client (0.30 of 0.50 "
                + "cores, 60 %)");
    }

    @Test
    void should_break_when_the_offered_rate_is_not_carried_for_a_minute() {
        SoakVerdict v = new SoakRecording(300).acked(s -> s >= 125 ? 7_000 : 10_000).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.held()).isFalse();
        assertThat(v.brokeAtMs()).isEqualTo(125_000);
        assertThat(v.brokeBy()).contains("minute 3 carried").contains("under 90 %");
    }

    @Test
    void should_break_when_the_on_time_readers_fall_behind_though_the_producers_are_fine() {
        SoakVerdict v = new SoakRecording(300).e2eUs(s -> s >= 150 ? 12e6 : 20_000).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.brokeAtMs()).isEqualTo(150_000);
        assertThat(v.brokeBy()).isEqualTo("the on-time group g read 12.0 s behind the writes (end-to-end p99) in minute 3");
    }

    @Test
    void should_not_let_a_short_last_minute_decide_the_rate() {
        // the last 10 seconds are the producers stopping: a short minute is no evidence the rate was not carried
        SoakVerdict v = new SoakRecording(250).acked(s -> s >= 240 ? 1_000 : 10_000).judge(Duration.ofSeconds(250), 30e9, false);

        assertThat(v.held()).as(v.headline()).isTrue();
    }

    @Test
    void should_find_a_retention_that_never_deletes_with_the_time_until_the_budget_is_full() {
        // 1 GB more every minute, against a 30 GB budget: the disk budget stops the run in about 24 minutes more
        SoakVerdict v = new SoakRecording(600).logBytes(s -> 1e9 + 1e9 * s / 60.0).judge(Duration.ofMinutes(10), 30e9, false);

        assertThat(v.held()).isTrue();
        assertThat(v.drifts()).singleElement().satisfies(d -> {
            assertThat(d.series()).isEqualTo("the topic's logs");
            assertThat(d.toLimitMin()).isBetween(18.0, 21.0);
        });
        assertThat(v.headline()).endsWith("1 drift (below)");
    }

    @Test
    void should_not_call_logs_filling_toward_retentions_cap_a_drift() {
        // the same climb, with retention keeping the topic at 24 GB: it was filling, as retention allows
        SoakVerdict v = new SoakRecording(600).logBytes(s -> 1e9 + 1e9 * s / 60.0).retentionCap(24e9)
                .judge(Duration.ofMinutes(10), 30e9, false);

        assertThat(v.drifts()).isEmpty();
    }

    @Test
    void should_say_retention_is_not_deleting_when_the_logs_climb_past_its_cap() {
        SoakVerdict v = new SoakRecording(600).logBytes(s -> 1e9 + 1e9 * s / 60.0).retentionCap(5e9)
                .judge(Duration.ofMinutes(10), 30e9, false);

        assertThat(v.drifts()).singleElement().satisfies(d -> assertThat(d.describe())
                .contains("past retention's cap of 5.0 GB (retention.bytes and one segment per replica): retention is not "
                        + "deleting as fast as the load writes; the disk budget is 30.0 GB: at this rate it reaches its limit in"));
    }

    @Test
    void should_set_the_hosts_busy_cores_against_the_cores_it_had_on_average() {
        // 1.9 cores busy all along; one second in each minute the hypervisor took half a core
        SoakVerdict v = new SoakRecording(120).host(s -> 1.9, s -> s % 60 == 30 ? 1.5 : 2).judge(Duration.ofMinutes(2), 30e9, false);

        assertThat(v.minutes().get(0).cpu().get("host").share()).isCloseTo(1.9 / (2 - 0.5 / 60), within(1e-3));
    }

    @Test
    void should_call_the_load_generators_cpu_climb_its_own_when_the_brokers_stayed_level() {
        // mqprobe's CPU climbs 0.25 → 0.40 cores over ten minutes at a steady rate; the brokers' stay at 0.2
        SoakVerdict v = new SoakRecording(600).clientCores(s -> 0.25 + 0.15 * s / 600).judge(Duration.ofMinutes(10), 30e9, false);

        assertThat(v.drifts()).singleElement().satisfies(d -> {
            assertThat(d.series()).isEqualTo("client CPU (share of its limit)");
            assertThat(d.cause()).isNull();
        });
    }

    @Test
    void should_call_a_cpu_climb_every_process_shared_at_a_steady_rate_a_slower_machine() {
        // every process needs 40 % more CPU by the end of ten minutes for the same 10,000 msgs/s
        SoakVerdict v = new SoakRecording(600).clientCores(s -> 0.25 * (1 + 0.4 * s / 600))
                .broker2Cores(s -> 0.2 * (1 + 0.4 * s / 600)).otherBrokersCores(s -> 0.2 * (1 + 0.4 * s / 600))
                .judge(Duration.ofMinutes(10), 30e9, false);

        assertThat(v.drifts()).filteredOn(d -> d.series().equals("client CPU (share of its limit)")).singleElement()
                .satisfies(d -> assertThat(d.describe()).contains("its cores rose 26 % as every other process's did (broker-1 +26 %")
                        .contains("broker-3 +26 %)").contains("while the carried rate moved +0 %: each got less done per "
                                + "CPU-second, a slower machine rather than more work of client's own"));
        // one broker that stayed level makes it no longer the machine's
        SoakVerdict oneLevel = new SoakRecording(600).clientCores(s -> 0.25 * (1 + 0.4 * s / 600))
                .broker2Cores(s -> 0.2 * (1 + 0.4 * s / 600)).judge(Duration.ofMinutes(10), 30e9, false);
        assertThat(oneLevel.drifts()).extracting(Drift::cause).containsOnlyNulls();
    }

    @Test
    void should_count_segments_rolled_and_deleted_and_long_collections() {
        // each broker: a roll every 30 s; from minute 3 on, retention deletes a segment 10 s after each roll
        SoakVerdict v = new SoakRecording(300).segments(s -> s < 120 ? 4 + s / 30 : (s % 30 < 10 ? 8 : 7))
                .gcMsPerS(s -> s == 150 ? 250 : 5).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.events()).containsExactly("segments: 27 rolled, 18 deleted by retention, the first deletes in minute 3",
                "long collections: 3 seconds in which a broker's collections paused it 100 ms or more (broker-1 1, broker-2 1, "
                        + "broker-3 1), the first in minute 3");
        assertThat(v.minutes().get(2).brokers().get("broker-1").segmentsDeleted()).isEqualTo(2);
    }

    @Test
    void should_say_when_segments_were_not_counted_or_none_deleted() {
        assertThat(new SoakRecording(300).judge(FIVE_MINUTES, 30e9, false).events())
                .containsExactly("segments: not counted (the brokers' JMX was not read)");
        assertThat(new SoakRecording(300).segments(s -> 1 + s / 60).judge(FIVE_MINUTES, 30e9, false).events())
                .singleElement().asString().startsWith("segments: 12 rolled, none deleted by retention during the soak");
    }

    @Test
    void should_say_a_catch_up_group_beyond_the_residency_reads_from_disk() {
        // 30 MB of cache at 10 MB/s written: 3 s of writes; the group reads 30 s behind, the brokers read 8 MB/s from disk
        SoakVerdict v = new SoakRecording(300).cache(s -> 3e7, s -> 8e6).catchUp(30, 1e7).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.cache()).contains("broker-2 holds 3.0 s of writes in its page cache (30.0 MB cached, 10.0 MB/s written)");
        assertThat(v.cache()).anySatisfy(line -> assertThat(line)
                .startsWith("the catch-up group g-catch-up reads 30.0 s behind (10.0 MB/s, asked 30.0 s), beyond what any page cache holds (3.0 s): it reads from disk, the brokers read 24.0 MB/s from disk")
                .endsWith("disk at 27 % of its ceiling with writes"));
    }

    @Test
    void should_say_a_catch_up_group_further_behind_than_asked_read_no_faster_than_the_writes() {
        // asked for 3 s, it read 12 s behind
        SoakRecording recording = new SoakRecording(300).cache(s -> 6e8, s -> 0).catchUp(3, 1e7);
        SoakCriteria asked = recording.criteria(FIVE_MINUTES, 30e9);
        List<String> lines = CacheFindings.of(new SoakRecording(300).cache(s -> 6e8, s -> 0).catchUp(12, 1e7).minutes(), asked);

        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("the catch-up group g-catch-up reads 12.0 s behind "
                + "(10.0 MB/s, asked 3.0 s; further behind than asked, so it read as fast as it could and no faster than the "
                + "load writes)"));
        assertThat(CacheFindings.of(recording.minutes(), asked)).noneSatisfy(line -> assertThat(line).contains("further behind"));
    }

    @Test
    void should_say_a_catch_up_group_within_the_residency_reads_from_the_cache() {
        SoakVerdict v = new SoakRecording(300).cache(s -> 6e8, s -> 0).catchUp(30, 1e7).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.cache()).anySatisfy(line -> assertThat(line)
                .startsWith("the catch-up group g-catch-up reads 30.0 s behind (10.0 MB/s, asked 30.0 s), within the page cache (60.0 s): it reads from the cache"));
        assertThat(v.cache()).anySatisfy(line -> assertThat(line).startsWith("the on-time group g reads within").endsWith("from the cache"));
    }

    @Test
    void should_say_when_a_group_reading_from_the_start_caught_up_and_how_fast_it_read() {
        // joins at 2 min 30 s, 150 s behind, reads 30 MB/s against 10 MB/s written: 20 s of lag gone a second
        SoakVerdict v = new SoakRecording(300).cache(s -> 3e7, s -> s >= 150 && s < 158 ? 2.4e7 : 0)
                .catchUpFromStart(s -> s < 150 ? Double.NaN : Math.max(0.2, 150 - 20.0 * (s - 150)),
                        s -> s < 150 ? Double.NaN : s < 158 ? 3e7 : 1e7)
                .judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.cache()).anySatisfy(line -> assertThat(line).startsWith("the catch-up group g-catch-up joined in minute 3 "
                + "and read the topic from its start, 2 min 30 s behind: it caught up in minute 4, reading 15.3 MB/s against 10.0 MB/s "
                + "written (1.5×), the brokers reading 9.6 MB/s from disk"));
    }

    @Test
    void should_say_a_group_reading_from_the_start_that_never_caught_up() {
        SoakVerdict v = new SoakRecording(300).catchUpFromStart(s -> s < 150 ? Double.NaN : 150 + 0.1 * (s - 150),
                s -> s < 150 ? Double.NaN : 9e6).judge(FIVE_MINUTES, 30e9, false);

        assertThat(v.cache()).anySatisfy(line -> assertThat(line).contains("it had not caught up by the end (2 min 45 s behind "
                + "in minute 5), reading 9.0 MB/s against 10.0 MB/s written (0.9×)"));
    }

    @Test
    void should_not_call_a_run_cut_short_held() {
        SoakVerdict v = new SoakRecording(120).judge(FIVE_MINUTES, 30e9, true);

        assertThat(v.held()).isFalse();
        assertThat(v.brokeAtMs()).isNull();
        assertThat(v.headline()).isEqualTo("stopped after 2 min 0 s of 5 min 0 s (interrupted): held 10.0 MB/s until then");
    }
}
