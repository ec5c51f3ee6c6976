package io.mqprobe.cli.soak;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.result.ResultJson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The instance-size study's "high IO" on isolated embedded brokers (0.4 cores, 1 GiB each, so a few hundred MB of page
 * cache): at 20 MB/s a broker's cache holds about 20 s of its writes, so a catch-up group 45 s behind reads from the
 * disk, and the brokers' measured disk reads say so, while the on-time group reads from the cache. Opt-in
 * ({@code -Dmqprobe.soakProof=true}, as root): a soak of minutes is beyond the suite's budget.
 */
@Timeout(600)
class SoakCacheProofTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    @Test
    void should_name_a_catch_up_group_beyond_the_residency_as_reading_from_disk(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("mqprobe.soakProof"), "opt-in: -Dmqprobe.soakProof=true");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name"))
                        && (Files.isWritable(Path.of("/sys/fs/cgroup/memory")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs"))),
                "brokers with a memory limit of their own need root and a writable cgroup hierarchy");

        // 1 GiB brokers, as the study's: the default gives each 2 GiB, whose cache holds the catch-up group's 45 s
        CliRun run = CliRun.of("soak", "--throughput", "20MB/s", "--clients", "2", "--duration", "2m", "--catch-up", "45s",
                "--broker-spec", "0.4c1g", "--client-cores", "0.4", "--out", dir.toString());

        JsonNode v = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios").get(0).get("verdict");
        String cache = v.get("cache").toString();
        assertThat(cache).as(run.out()).contains("beyond what any page cache holds").contains("it reads from disk")
                .contains("reads within").contains("from the cache");
        JsonNode minute = v.get("minutes").get(1);
        double diskReads = 0;
        for (JsonNode broker : minute.get("brokers")) {
            assertThat(broker.get("residencyS").asDouble()).as("a broker's cache holds less than the lag").isLessThan(45);
            diskReads += broker.get("diskReadBps").asDouble();
        }
        assertThat(diskReads).as("the brokers read what the catch-up group read, from disk")
                .isGreaterThan(0.5 * minute.get("catchUpReadBps").asDouble());
    }
}
