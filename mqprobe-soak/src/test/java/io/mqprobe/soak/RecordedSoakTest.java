package io.mqprobe.soak;

import com.fasterxml.jackson.core.type.TypeReference;
import io.mqprobe.result.ResultJson;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The minutes of a real 30-minute soak on the 2-core test VM (replicated-all's sustainable load of 64.7 MB/s, isolated
 * embedded brokers, 2026-11-29): a first minute on JVMs still compiling (p99 566 ms), then p99 climbing from about
 * 170 ms to 480 ms from minute 13 on as the load generator's CPU rose from 76 % to 94 % of its quota and broker-1's collections grew.
 * The trends the minutes show must be found, through the cold first minute.
 */
class RecordedSoakTest {

    @Test
    void should_find_the_climbs_of_a_real_soak_past_its_cold_first_minute() throws IOException {
        List<SoakMinute> minutes = recorded();
        SoakJudge judge = new SoakJudge(new SoakCriteria(63_150, Duration.ofMillis(200), Duration.ofMinutes(30), "g", null,
                null, null, null, null), step -> minutes);

        List<Drift> drifts = judge.drifts(minutes);

        assertThat(drifts).extracting(Drift::series).contains("p99", "p99.9", "client CPU (share of its limit)",
                "broker-1 CPU (share of its limit)", "broker-1 GC pauses");
        Drift client = drifts.stream().filter(d -> d.series().startsWith("client")).findFirst().orElseThrow();
        assertThat(client.toLimitMin()).as("the load generator reaches its quota").isBetween(5.0, 60.0);
        // every broker rose with it at the same steady rate: the machine's doing, not the load generator's
        assertThat(client.describe()).contains("as every other process's did (broker-1 +", "broker-2 +", "broker-3 +")
                .contains("a slower machine rather than more work of client's own");
        assertThat(drifts.stream().filter(d -> d.series().equals("p99")).findFirst().orElseThrow().describe())
                .contains("p99 rose").contains("reaches its limit in under a minute");
    }

    @Test
    void should_say_the_soak_broke_again_from_the_middle_to_the_end() throws IOException {
        List<SoakMinute> minutes = recorded();
        SoakJudge judge = new SoakJudge(new SoakCriteria(63_150, Duration.ofMillis(200), Duration.ofMinutes(30), "g", null,
                null, null, null, null), step -> minutes);

        List<SoakJudge.Crossing> crossings = judge.crossings(minutes, List.of(), minutes.get(0).fromEpochMs());

        assertThat(crossings.get(0).minute()).isZero();
        assertThat(SoakJudge.brokeToTheEnd(crossings, minutes)).hasValueSatisfying(line -> assertThat(line)
                .startsWith("past a threshold again in every minute from minute 13 to the end (18 minutes), first p99 219 ms")
                .contains("no process at its CPU limit in minute 13: the busiest was client"));
    }

    /**
     * A second 30-minute soak at the same rate (2026-11-30 00:23): p99 past the SLO in every minute, the first cold with
     * nobody at a limit, then the load generator at 89-96 % of its 0.4-core quota, throttled in 40-70 % of its periods.
     */
    @Test
    void should_name_the_load_generator_that_sat_at_its_quota_through_a_real_break() throws IOException {
        List<SoakMinute> minutes = recorded("soak-30-minutes-client-at-its-quota.json");
        SoakJudge judge = new SoakJudge(new SoakCriteria(63_145, Duration.ofMillis(200), Duration.ofMinutes(30), "g", null,
                null, null, null, null), step -> minutes);

        assertThat(judge.crossings(minutes, List.of(), minutes.get(0).fromEpochMs())).hasSize(30);
        assertThat(CpuAtLimit.in(minutes.get(0))).startsWith("no process at its CPU limit in minute 1");
        assertThat(CpuAtLimit.mostOf(minutes)).hasValueSatisfying(held -> {
            assertThat(held.loadGenerator()).isTrue();
            assertThat(held.line()).isEqualTo("client at its CPU limit in 25 of 30 minutes past a threshold (a median 93 % of "
                    + "its 0.40 cores; its quota ran out in a median 39 % of its periods)");
        });
    }

    private static List<SoakMinute> recorded() throws IOException {
        return recorded("soak-30-minutes-at-64.7MBps.json");
    }

    private static List<SoakMinute> recorded(String resource) throws IOException {
        try (InputStream in = RecordedSoakTest.class.getResourceAsStream(resource)) {
            return ResultJson.MAPPER.readValue(in, new TypeReference<List<SoakMinute>>() { });
        }
    }
}
