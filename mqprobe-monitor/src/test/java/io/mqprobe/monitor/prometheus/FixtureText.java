package io.mqprobe.monitor.prometheus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the captured exporter outputs kept under {@code src/test/resources/prometheus}. */
final class FixtureText {

    private FixtureText() {
    }

    static String read(String name) {
        try (InputStream in = FixtureText.class.getResourceAsStream("/prometheus/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines that are samples (not comments, not blank): what a correct parser must return one by one. */
    static long sampleLines(String text) {
        return text.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).count();
    }
}
