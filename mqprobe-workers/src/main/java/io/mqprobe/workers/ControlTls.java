package io.mqprobe.workers;

import io.mqprobe.api.UsageException;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * TLS on the control channel ({@code --control-tls}): the coordinator and every worker hold the same PKCS12 keystore,
 * serve with its key and trust exactly its certificate. Trust is pinned to that certificate, so a host name check
 * adds nothing (workers come and go on addresses no certificate could list) and is not made; the shared token still
 * authorises every call.
 */
public final class ControlTls {

    private final SSLContext context;

    private ControlTls(SSLContext context) {
        this.context = context;
    }

    /**
     * Reads {@code keystore} (PKCS12, e.g. made with {@code keytool -genkeypair -storetype PKCS12}) with the password
     * in the first line of {@code passwordFile}. Every problem is one line that names the file, never the password.
     */
    public static ControlTls load(Path keystore, Path passwordFile) {
        char[] password = password(passwordFile);
        KeyStore store;
        try (InputStream in = Files.newInputStream(keystore)) {
            store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
        } catch (IOException | GeneralSecurityException e) {
            throw new UsageException("cannot read the control channel's keystore " + keystore + " (" + e.getClass().getSimpleName()
                    + "): it must be PKCS12 and open with the password in " + passwordFile);
        }
        try {
            List<X509Certificate> pinned = new ArrayList<>();
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate cert) {
                    pinned.add(cert);
                }
            }
            if (pinned.isEmpty()) {
                throw new UsageException("the control channel's keystore " + keystore + " holds no key with a certificate");
            }
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), new javax.net.ssl.TrustManager[] {new PinnedTrust(pinned)}, null);
            return new ControlTls(context);
        } catch (GeneralSecurityException e) {
            throw new UsageException("cannot use the control channel's keystore " + keystore + ": " + e.getMessage());
        }
    }

    /**
     * The keystore's bytes and its password, checked as {@link #load} checks them: for a worker that reads them from
     * elsewhere (a Kubernetes Secret).
     */
    public static ControlTlsFiles files(Path keystore, Path passwordFile) {
        load(keystore, passwordFile);
        try {
            return new ControlTlsFiles(Files.readAllBytes(keystore), new String(password(passwordFile)));
        } catch (IOException e) {
            throw new UsageException("cannot read the control channel's keystore " + keystore + ": " + e.getMessage());
        }
    }

    private static char[] password(Path passwordFile) {
        try {
            List<String> lines = Files.readAllLines(passwordFile);
            if (lines.isEmpty() || lines.get(0).isEmpty()) {
                throw new UsageException("the password file " + passwordFile + " is empty");
            }
            return lines.get(0).toCharArray();
        } catch (IOException e) {
            throw new UsageException("cannot read the password file " + passwordFile + ": " + e.getMessage());
        }
    }

    SSLContext context() {
        return context;
    }

    /** {@code https} with TLS, {@code http} without ({@code tls} may be {@code null}). */
    public static String scheme(ControlTls tls) {
        return tls == null ? "http" : "https";
    }

    /** Trusts a peer whose certificate is one of the keystore's own, within its validity; nothing else. */
    private static final class PinnedTrust extends X509ExtendedTrustManager {
        private final List<X509Certificate> pinned;

        PinnedTrust(List<X509Certificate> pinned) {
            this.pinned = List.copyOf(pinned);
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0 || !pinned.contains(chain[0])) {
                throw new CertificateException("the peer's certificate is not the one in this fleet's control keystore");
            }
            chain[0].checkValidity();
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return pinned.toArray(new X509Certificate[0]);
        }
    }
}
