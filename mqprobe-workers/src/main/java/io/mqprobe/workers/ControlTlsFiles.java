package io.mqprobe.workers;

/**
 * The control channel's keystore and its password as contents, for workers that read them from a Kubernetes Secret.
 *
 * @param keystore the PKCS12 file's bytes
 * @param password its password
 */
public record ControlTlsFiles(byte[] keystore, String password) {

    /** Without the password or the key: a record's own text would print them. */
    @Override
    public String toString() {
        return "ControlTlsFiles[" + keystore.length + " bytes]";
    }
}
