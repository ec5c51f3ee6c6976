package io.mqprobe.embedded.isolation;


import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code ip} and {@code tc}: short commands, bounded in time, their error text kept for the message. */
final class Shell {

    private static final long TIMEOUT_S = 20;

    private Shell() {
    }

    /** Output of the command; @throws IsolationException with its error text when it fails. */
    static String run(String... cmd) {
        Result r = exec(cmd);
        if (r.status != 0) {
            throw new IsolationException("'" + String.join(" ", cmd) + "' failed: " + r.output.strip());
        }
        return r.output;
    }

    /** True when the command succeeded; for removals of what may already be gone. */
    static boolean attempt(String... cmd) {
        return exec(cmd).status == 0;
    }

    private record Result(int status, String output) {
    }

    private static Result exec(String... cmd) {
        try {
            Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
