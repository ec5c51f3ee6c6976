package io.mqprobe.workers;

import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.load.LoadWorker;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.RunningProducers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The control channel over TLS, with keystores made by the JDK's own keytool as a user would. */
@Timeout(60)
class ControlTlsTest {

    private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);
    private static final Target TARGET = new Target("instant", "127.0.0.1:9092", Map.of(), Duration.ofSeconds(5));
    private static final String PASSWORD = "s3cret-keystore-pw";

    @TempDir
    Path dir;
    private final WorkerToken token = WorkerToken.random();
    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : opened) {
            c.close();
        }
    }

    /** A PKCS12 keystore with one self-signed key, made by keytool. */
    private Path keystore(String name) throws Exception {
        Path file = dir.resolve(name + ".p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "mqprobe", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-validity", "2", "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", PASSWORD)
                .redirectErrorStream(true).start();
        assertThat(keytool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(new String(keytool.getInputStream().readAllBytes())).isZero();
        return file;
    }

    private Path passwordFile() throws IOException {
        return Files.writeString(dir.resolve("password"), PASSWORD + "\n");
    }

    private WorkerServer worker(String name, ControlTls tls, StringWriter log) throws IOException {
        WorkerServer w = WorkerServer.start(name, ANY_LOOPBACK_PORT, token, tls, AllowedTargets.parse(AllowedTargets.LOOPBACK),
                t -> new InstantDriver(), Map.of(), Duration.ofSeconds(10), new PrintWriter(log));
        opened.add(w);
        return w;
    }

    @Test
    void should_run_producers_on_a_worker_over_tls_when_both_ends_hold_the_fleets_keystore() throws Exception {
        ControlTls tls = ControlTls.load(keystore("fleet"), passwordFile());
        Coordinator coordinator = Coordinator.listen(ANY_LOOPBACK_PORT, token, tls);
        opened.add(coordinator);
        StringWriter log = new StringWriter();
        WorkerServer worker = worker("w1", tls, log);

        worker.join(coordinator.url(), Duration.ofSeconds(10));
        List<LoadWorker> workers = coordinator.awaitWorkers(1, Duration.ofSeconds(10), TARGET);
        RunningProducers producers = workers.get(0).startProducers(new ProducerLoadSpec("t", 1, 1, false, 100, 500, 0,
                Duration.ofSeconds(1), new PayloadSpec.Random(), Map.of(), true), 1);
        producers.begin();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!producers.sendingDone() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        producers.snapshot(System.currentTimeMillis());
        long acked = producers.acked();
        producers.close();

        assertThat(coordinator.url().getScheme()).isEqualTo("https");
        assertThat(worker.url().getScheme()).isEqualTo("https");
        assertThat(acked).as("the share ran and its figures came back over TLS").isBetween(400L, 600L);
        assertThat(log.toString()).doesNotContain(PASSWORD);
    }

    @Test
    void should_refuse_a_worker_with_another_keystore_or_none_at_the_handshake() throws Exception {
        Coordinator coordinator = Coordinator.listen(ANY_LOOPBACK_PORT, token, ControlTls.load(keystore("fleet"), passwordFile()));
        opened.add(coordinator);
        WorkerServer stranger = worker("stranger", ControlTls.load(keystore("other"), passwordFile()), new StringWriter());
        WorkerServer plain = worker("plain", null, new StringWriter());

        assertThatThrownBy(() -> stranger.join(coordinator.url(), Duration.ofSeconds(10))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> plain.join(coordinator.url(), Duration.ofSeconds(10))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> coordinator.awaitWorkers(1, Duration.ofMillis(300), TARGET))
                .isInstanceOf(WorkerJoinException.class);
    }

    @Test
    void should_say_in_one_line_when_the_keystore_cannot_be_read_without_printing_the_password() throws Exception {
        Path keystore = keystore("fleet");
        Path wrong = Files.writeString(dir.resolve("wrong"), "not-the-password\n");

        assertThatThrownBy(() -> ControlTls.load(keystore, wrong)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("cannot read the control channel's keystore " + keystore)
                .hasMessageNotContaining("not-the-password").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ControlTls.load(dir.resolve("missing.p12"), passwordFile()))
                .isInstanceOf(UsageException.class).hasMessageContaining("missing.p12");
        assertThatThrownBy(() -> ControlTls.load(keystore, dir.resolve("no-password")))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("cannot read the password file");
    }
}
