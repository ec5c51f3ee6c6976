package io.mqprobe.run;

import io.mqprobe.load.RunControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ctrl-C and SIGTERM handling for long runs: the first signal cancels the run, which then stops its load, restores
 * what it changed, deletes its topics and writes the partial result; a second one exits at once (the embedded
 * cluster's shutdown hook still stops the brokers).
 *
 * <p>SIGTERM is what a supervisor sends (Kubernetes to a pod, systemd, {@code timeout}) before it kills: the run stops
 * as after Ctrl-C, and a run not done {@link #TERM_GRACE} after it exits as a second signal would, within Kubernetes'
 * default 30 s. Before this class handled it, TERM ended the JVM at once: the result read neither complete nor
 * interrupted, no report was written and the topics stayed on a cluster mqprobe did not start.
 */
public final class Interruption implements AutoCloseable {

    static final Duration TERM_GRACE = Duration.ofSeconds(20);
    private static final Signal INT = new Signal("INT");
    private static final Signal TERM = new Signal("TERM");

    private final PrintWriter err;
    private final RunControl control;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private volatile Signal received;
    private volatile Thread graceTimer;

    private Interruption(RunControl control, PrintWriter err) {
        this.control = control;
        this.err = err;
        for (Signal signal : new Signal[] {INT, TERM}) {
            try {
                previous.put(signal, Signal.handle(signal, this::received));
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal (-Xrs): its default stays, as it did before mqprobe handled it
            }
        }
    }

    public static Interruption install(RunControl control, PrintWriter err) {
        return new Interruption(control, err);
    }

    private void received(Signal signal) {
        if (received != null) {
            err.println("mqprobe: " + (signal.equals(INT) ? "interrupted" : "terminated") + " again, exiting now");
            err.flush();
            System.exit(exitCode(signal));
        }
        received = signal;
        err.println();
        if (signal.equals(INT)) {
            err.println("mqprobe: stopping (Ctrl-C again to abort without writing results) ...");
        } else {
            err.println("mqprobe: terminated (SIGTERM): stopping and writing the partial result, at most "
                    + TERM_GRACE.toSeconds() + " s ...");
            graceTimer = exitAfterGrace();
        }
        err.flush();
        control.cancel();   // after the line, which then comes before whatever the stopping run prints
    }

    private Thread exitAfterGrace() {
        Thread timer = new Thread(() -> {
            try {
                Thread.sleep(TERM_GRACE.toMillis());
            } catch (InterruptedException e) {
                return;   // the run stopped in time
            }
            err.println("mqprobe: not stopped " + TERM_GRACE.toSeconds() + " s after SIGTERM, exiting now");
            err.flush();
            System.exit(ExitCode.TERMINATED);
        }, "mqprobe-term-grace");
        timer.setDaemon(true);
        timer.start();
        return timer;
    }

    /**
     * False for a signal this process cannot receive: one ignored when it started ({@code nohup}, or a job a script
     * sent to the background, where the shell ignores SIGINT) stays ignored, as the user asked, and so does one the
     * JVM keeps ({@code -Xrs}).
     */
    boolean hears(String signalName) {
        SignalHandler before = previous.get(new Signal(signalName));
        return before != null && before != SignalHandler.SIG_IGN;
    }

    /** True when the user pressed Ctrl-C or the process got SIGTERM. */
    public boolean signalled() {
        return received != null;
    }

    /** 130 after Ctrl-C, 143 after SIGTERM (as a shell reports them), else {@code codeIfNotSignalled}. */
    public int exitCode(int codeIfNotSignalled) {
        Signal signal = received;
        return signal == null ? codeIfNotSignalled : exitCode(signal);
    }

    private static int exitCode(Signal signal) {
        return signal.equals(INT) ? ExitCode.INTERRUPTED : ExitCode.TERMINATED;
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
        Thread timer = graceTimer;
        if (timer != null) {
            timer.interrupt();
        }
    }
}
