package io.mqprobe.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs one mqprobe command in-process with captured output, as a user would from the shell. */
public record CliRun(int exitCode, String out, String err, long millis) {

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString(), (System.nanoTime() - start) / 1_000_000);
    }

    /** Lines of stderr that are not blank, without the usage hint picocli adds after a bad flag. */
    public long errLines() {
        return err.lines().filter(l -> !l.isBlank() && !l.startsWith("Try 'mqprobe")).count();
    }
}
