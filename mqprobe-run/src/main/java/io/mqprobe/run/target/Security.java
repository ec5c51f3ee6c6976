package io.mqprobe.run.target;

import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How clients talk to the brokers: {@code --security plaintext|ssl}, or both for a comparison in one run. */
public enum Security {
    PLAINTEXT, SSL;

    /** The lower-case name users type, also the suffix of an SSL scenario's name. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code plaintext}, {@code ssl} or {@code plaintext,ssl}; order kept, no repeats. */
    public static List<Security> parseList(String text) {
        List<Security> modes = new ArrayList<>();
        for (String part : text.split(",")) {
            String name = part.trim().toUpperCase(Locale.ROOT);
            Security mode;
            try {
                mode = Security.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--security takes plaintext, ssl or plaintext,ssl, got '" + text + "'");
            }
            if (modes.contains(mode)) {
                throw new UsageException("--security names " + mode.label() + " twice");
            }
            modes.add(mode);
        }
        return List.copyOf(modes);
    }
}
