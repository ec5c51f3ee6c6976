package io.mqprobe.cli;

import java.io.PrintWriter;

/** Process entry point: the only place that calls {@code System.exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs one command with the given streams and returns its exit code; tests call this. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return MqprobeCommand.commandLine(out, err).execute(args);
    }
}
