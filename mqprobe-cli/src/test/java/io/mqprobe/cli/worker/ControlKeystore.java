package io.mqprobe.cli.worker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A control channel's keystore made as docs/distributed.md shows (keytool, PKCS12), and its password file. */
record ControlKeystore(Path keystore, Path passwordFile) {

    static final String PASSWORD = "fleet-password";

    static ControlKeystore in(Path dir) throws Exception {
        Path keystore = dir.resolve("fleet.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "mqprobe", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=mqprobe",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD)
                .redirectErrorStream(true).start();
        assertThat(keytool.waitFor(30, TimeUnit.SECONDS) && keytool.exitValue() == 0).isTrue();
        return new ControlKeystore(keystore, Files.writeString(dir.resolve("password"), PASSWORD + "\n"));
    }
}
