package io.mqprobe.cli.worker;

import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

class K8sRenderCommandTest {

    @Test
    void should_write_the_manifests_and_a_new_token_only_its_owner_reads_without_printing_it(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("k8s", "render", "--workers", "8", "--coordinator", "mqprobe-coordinator:7801", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String token = Files.readString(dir.resolve("token")).strip();
        assertThat(token).hasSizeGreaterThanOrEqualTo(32);
        assertThat(run.out() + run.err()).doesNotContain(token);
        assertThat(Files.readString(dir.resolve("workers.yaml"))).contains("completionMode: Indexed").contains("completions: 8")
                .contains("mqprobe-coordinator:7801");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("workers.yaml")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("token")))).isEqualTo("rw-------");
        assertThat(Files.readString(dir.resolve("Dockerfile.worker"))).contains("ENTRYPOINT").contains("io.mqprobe.cli.Main");
    }

    @Test
    void should_refuse_quantities_and_addresses_kubernetes_and_workers_could_not_use_in_one_line(@TempDir Path dir) {
        CliRun cpu = CliRun.of("k8s", "render", "--workers", "2", "--coordinator", "c:7801", "--worker-cpu", "lots",
                "--out", dir.toString());
        CliRun address = CliRun.of("k8s", "render", "--workers", "2", "--coordinator", "no-port", "--out", dir.toString());

        assertThat(cpu.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cpu.err()).contains("bad worker resources (--worker-cpu lots");
        assertThat(address.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(address.err()).contains("bad --coordinator 'no-port'");
        assertThat(cpu.errLines() + address.errLines()).isEqualTo(2);
        assertThat(dir.resolve("workers.yaml")).doesNotExist();
    }
}
