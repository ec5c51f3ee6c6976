package io.mqprobe.cli.worker;

import io.mqprobe.cli.CliRun;
import io.mqprobe.run.ExitCode;
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

    @Test
    void should_put_the_control_channels_keystore_and_password_in_the_secret_and_its_flags_in_the_job(@TempDir Path dir) throws Exception {
        ControlKeystore tls = ControlKeystore.in(dir);
        Path keystore = tls.keystore();
        Path password = tls.passwordFile();
        Path out = dir.resolve("k8s");

        CliRun run = CliRun.of("k8s", "render", "--workers", "2", "--coordinator", "c:7801", "--control-tls", keystore.toString(),
                "--control-tls-password-file", password.toString(), "--out", out.toString());
        CliRun wrongPassword = CliRun.of("k8s", "render", "--workers", "2", "--coordinator", "c:7801", "--control-tls",
                keystore.toString(), "--control-tls-password-file", Files.writeString(dir.resolve("bad"), "nope\n").toString(),
                "--out", dir.resolve("bad-out").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out() + run.err()).doesNotContain("fleet-password");
        String[] docs = Files.readString(out.resolve("workers.yaml")).split("(?m)^---$");
        var yaml = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        var secret = yaml.readValue(docs[0], io.fabric8.kubernetes.api.model.Secret.class);
        assertThat(java.util.Base64.getDecoder().decode(secret.getData().get("control.p12"))).isEqualTo(Files.readAllBytes(keystore));
        assertThat(secret.getStringData()).containsEntry("control-password", "fleet-password");
        var job = yaml.readValue(docs[2], io.fabric8.kubernetes.api.model.batch.v1.Job.class);
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                .containsSubsequence("--control-tls", "/etc/mqprobe/token/control.p12", "--control-tls-password-file",
                        "/etc/mqprobe/token/control-password");
        assertThat(docs[2]).doesNotContain("fleet-password");
        assertThat(wrongPassword.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(wrongPassword.err()).contains("cannot read the control channel's keystore").doesNotContain("nope");
        assertThat(dir.resolve("bad-out")).doesNotExist();
    }
}
