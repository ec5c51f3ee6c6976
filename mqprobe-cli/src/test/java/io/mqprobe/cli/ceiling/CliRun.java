package io.mqprobe.cli.ceiling;

import io.mqprobe.cli.Main;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One CLI invocation with captured output, as a user would see it. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Error lines without the usage hint picocli adds after a bad flag. */
    long errorLines() {
        return err.lines().filter(line -> !line.startsWith("Try 'mqprobe")).count();
    }
}
