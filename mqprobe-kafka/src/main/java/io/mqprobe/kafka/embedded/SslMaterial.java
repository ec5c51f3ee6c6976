package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.EmbeddedClusterException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The keys of an embedded cluster's SSL listener, made at run time with the JDK's {@code keytool} into the
 * run dir (never into the source tree): one self-signed key pair for every broker, valid for each broker's
 * address, and a PEM trust store holding its certificate. Clients need only the trust store, which has no
 * password, so nothing secret ever reaches a client setting, a result or the terminal.
 *
 * @param keyStore         PKCS12 key store of the brokers
 * @param keyStorePassword password of the key store (written only into the brokers' own config files)
 * @param trustStore       PEM certificate that clients trust
 */
public record SslMaterial(Path keyStore, String keyStorePassword, Path trustStore) {

    static final String DIR = "ssl";
    private static final long KEYTOOL_TIMEOUT_S = 60;
    private static final int VALIDITY_DAYS = 7;

    /** Makes the key store and trust store under {@code runDir/ssl}, valid for {@code hosts} and localhost. */
    static SslMaterial generate(Path runDir, Collection<String> hosts) {
        Path dir = runDir.resolve(DIR);
        Path keyStore = dir.resolve("broker.p12");
        Path trustStore = dir.resolve("truststore.pem");
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(keyStore);
            Files.deleteIfExists(trustStore);
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot prepare " + dir + " for SSL keys: " + e.getMessage(), null, e);
        }
        List<String> names = new ArrayList<>(List.of("dns:localhost", "ip:127.0.0.1"));
        hosts.stream().distinct().filter(h -> !h.equals("127.0.0.1"))
                .forEach(h -> names.add((h.matches("[0-9.]+") ? "ip:" : "dns:") + h));
        keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", Integer.toString(VALIDITY_DAYS),
                "-dname", "CN=mqprobe-embedded-broker", "-ext", "SAN=" + String.join(",", names),
                "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", password, "-keypass", password);
        keytool("-exportcert", "-rfc", "-alias", "broker", "-storetype", "PKCS12", "-keystore", keyStore.toString(),
                "-storepass", password, "-file", trustStore.toString());
        return new SslMaterial(keyStore, password, trustStore);
    }

    /** Where the material of the cluster in {@code runDir} is, if it has an SSL listener (for a cluster attached later). */
    static SslMaterial existing(Path runDir, String keyStorePassword) {
        Path dir = runDir.resolve(DIR);
        return new SslMaterial(dir.resolve("broker.p12"), keyStorePassword, dir.resolve("truststore.pem"));
    }

    /** The broker side of the SSL listener: key store, and the trust store for inter-broker replication over SSL. */
    Map<String, String> brokerSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("ssl.keystore.type", "PKCS12");
        s.put("ssl.keystore.location", keyStore.toString());
        s.put("ssl.keystore.password", keyStorePassword);
        s.put("ssl.key.password", keyStorePassword);
        s.put("ssl.truststore.type", "PEM");
        s.put("ssl.truststore.location", trustStore.toString());
        return s;
    }

    /** What a client needs to talk to the SSL listener: the protocol and the password-less PEM trust store. */
    public Map<String, String> clientSettings() {
        return Map.of("security.protocol", "SSL", "ssl.truststore.type", "PEM", "ssl.truststore.location", trustStore.toString());
    }

    /** The password stays out of logs and error messages. */
    @Override
    public String toString() {
        return "SslMaterial[" + keyStore + ", " + trustStore + "]";
    }

    private static void keytool(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(KEYTOOL_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new EmbeddedClusterException("keytool " + args[0] + " did not finish within " + KEYTOOL_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0) {
                throw new EmbeddedClusterException("keytool " + args[0] + " failed: " + new String(out, StandardCharsets.UTF_8).strip());
            }
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot run the JDK's keytool to make SSL keys: " + e.getMessage(), null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedClusterException("interrupted while making SSL keys", null, e);
        }
    }
}
