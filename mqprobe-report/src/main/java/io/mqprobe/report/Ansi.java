package io.mqprobe.report;

import java.util.Map;

/** Terminal colours, or plain text when colour is off; {@code NO_COLOR} (no-color.org) always turns it off. */
record Ansi(boolean on) {

    static Ansi of(boolean wanted, Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return new Ansi(wanted && (noColor == null || noColor.isEmpty()));
    }

    String bold(String s) {
        return wrap("1", s);
    }

    String green(String s) {
        return wrap("32", s);
    }

    String yellow(String s) {
        return wrap("33", s);
    }

    String red(String s) {
        return wrap("31", s);
    }

    String dim(String s) {
        return wrap("2", s);
    }

    private String wrap(String code, String s) {
        return on ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }
}
