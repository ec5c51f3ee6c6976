package io.mqprobe.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one mqprobe command in a JVM of its own, so that a test can signal it as a terminal or Kubernetes would. */
public final class CliProcess {

    private CliProcess() {
    }

    /**
     * Starts {@code args} with its output in {@code log}. The child's SIGINT is set back to the default first: a
     * test JVM started with SIGINT ignored (a script's background job) would otherwise hand that on, and the child
     * would never hear the Ctrl-C the test sends (coreutils 8.31 or later).
     */
    public static Process start(Path log, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "-Dmqprobe.home=" + System.getProperty("mqprobe.home"),
                Main.class.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
