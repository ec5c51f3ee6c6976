package io.mqprobe.embedded;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Signals the JDK cannot send ({@code ProcessHandle} knows only TERM and KILL), through {@code kill(1)}. */
final class Signals {

    private Signals() {
    }

    static void send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new EmbeddedClusterException("kill -" + signal + " " + pid + " did not return");
            }
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot send SIG" + signal + " to " + pid + ": " + e.getMessage(), "", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
