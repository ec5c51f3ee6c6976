package io.mqprobe.run;

import io.mqprobe.load.RunControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.PrintWriter;

/**
 * Ctrl-C handling for long runs: the first SIGINT cancels the run, which then stops its load,
 * restores what it changed and writes the partial result; a second one exits at once (the embedded
 * cluster's shutdown hook still stops the brokers).
 */
public final class Interruption implements AutoCloseable {

    private static final Signal INT = new Signal("INT");

    private final SignalHandler previous;
    private volatile boolean signalled;

    private Interruption(RunControl control, PrintWriter err) {
        this.previous = Signal.handle(INT, sig -> {
            if (signalled) {
                err.println("mqprobe: interrupted again, exiting now");
                err.flush();
                System.exit(130);
            }
            signalled = true;
            control.cancel();
            err.println();
            err.println("mqprobe: stopping (Ctrl-C again to abort without writing results) ...");
            err.flush();
        });
    }

    public static Interruption install(RunControl control, PrintWriter err) {
        return new Interruption(control, err);
    }

    /** True when the user pressed Ctrl-C. */
    public boolean signalled() {
        return signalled;
    }

    @Override
    public void close() {
        Signal.handle(INT, previous);
    }
}
