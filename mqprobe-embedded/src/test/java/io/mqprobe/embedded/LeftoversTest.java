package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.StaleIsolation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A process that made a run dir (and, as root, cgroups, a namespace and links) is killed with kill -9;
 * the next start removes what it left, and only that.
 */
class LeftoversTest {

    @TempDir
    Path runs;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_remove_the_run_dir_of_a_killed_run_at_the_next_start_and_keep_a_live_ones() throws Exception {
        Process killed = leftoverMaker(runs.resolve("killed"), false);
        Process alive = leftoverMaker(runs.resolve("alive"), false);
        try {
            killed.destroyForcibly().waitFor();

            assertThat(RunDirs.removeStale(runs)).isEqualTo(1);

            assertThat(runs.resolve("killed")).doesNotExist();
            assertThat(runs.resolve("alive")).exists();
        } finally {
            alive.destroyForcibly().waitFor();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_remove_the_cgroups_namespaces_and_links_of_a_killed_run_and_only_those() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu"))
                || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")), "needs root and cgroups");
        Process killed = leftoverMaker(runs.resolve("killed"), true);
        Process alive = leftoverMaker(runs.resolve("alive"), true);
        String killedTag = "mqprobe-" + killed.pid() + "-";
        String aliveTag = "mqprobe-" + alive.pid() + "-";
        try {
            killed.destroyForcibly().waitFor();
            assertThat(run("ip", "netns", "list")).contains(killedTag).contains(aliveTag);

            List<String> removed = StaleIsolation.removeStale();

            assertThat(removed).contains(killedTag + "k0-node-1", "mqprobe-" + killed.pid()).noneMatch(n -> n.startsWith(aliveTag));
            assertThat(run("ip", "netns", "list")).doesNotContain(killedTag).contains(aliveTag);
            assertThat(Path.of("/sys/fs/cgroup/cpu/mqprobe-" + killed.pid())).doesNotExist();
            assertThat(run("ip", "-o", "link", "show")).contains("mqprobe-");   // the live one's bridge and link
        } finally {
            alive.destroyForcibly().waitFor();
            StaleIsolation.removeStale();
        }
        assertThat(run("ip", "netns", "list")).doesNotContain(aliveTag);
    }

    private static Process leftoverMaker(Path runDir, boolean isolate) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LeftoverMaker.class.getName(), runDir.toString()));
        if (isolate) {
            cmd.add("isolate");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()));
        String line;
        while ((line = out.readLine()) != null && !line.equals("ready")) {
            System.err.println("leftover maker: " + line);
        }
        assertThat(line).as("leftover maker got ready").isEqualTo("ready");
        return p;
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }
}
