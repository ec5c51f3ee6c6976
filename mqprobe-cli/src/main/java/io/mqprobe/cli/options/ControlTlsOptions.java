package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.workers.ControlTls;
import io.mqprobe.workers.ControlTlsFiles;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/** TLS on the control channel between a coordinator and its workers (picocli mixin of both ends). */
public final class ControlTlsOptions {

    @Option(names = "--control-tls", paramLabel = "KEYSTORE.p12",
            description = "TLS on the control channel: a PKCS12 keystore the coordinator and every worker hold alike (its "
                    + "key serves each end, its certificate is the only one trusted). Without it the channel is plain HTTP.")
    Path keystore;

    @Option(names = "--control-tls-password-file", paramLabel = "FILE",
            description = "The keystore's password (first line of the file), with --control-tls; never printed.")
    Path passwordFile;

    /** The channel's TLS, or {@code null} for plain HTTP; a bad keystore or password is one line, before anything starts. */
    public ControlTls conclude() {
        if (keystore == null) {
            if (passwordFile != null) {
                throw new UsageException("--control-tls-password-file needs --control-tls KEYSTORE");
            }
            return null;
        }
        if (passwordFile == null) {
            throw new UsageException("--control-tls needs --control-tls-password-file: the keystore's password");
        }
        return ControlTls.load(keystore, passwordFile);
    }

    /** The keystore and password for workers that get them from elsewhere (a Kubernetes Secret); {@code null} without TLS. */
    public ControlTlsFiles files() {
        conclude();
        return keystore == null ? null : ControlTls.files(keystore, passwordFile);
    }

    /** The same flags for a worker this run starts on this machine (empty without TLS). */
    List<String> forLocalWorker() {
        return keystore == null ? List.of()
                : List.of("--control-tls", keystore.toAbsolutePath().toString(), "--control-tls-password-file",
                passwordFile.toAbsolutePath().toString());
    }
}
