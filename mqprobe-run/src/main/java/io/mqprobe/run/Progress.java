package io.mqprobe.run;

import java.io.PrintWriter;

/**
 * Progress lines on stderr: redrawn in place on a terminal, one line each otherwise (logs, CI).
 */
public final class Progress {

    private final PrintWriter err;
    private final boolean inPlace;
    private boolean pending;

    public Progress(PrintWriter err) {
        this(err, System.console() != null && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM")));
    }

    Progress(PrintWriter err, boolean inPlace) {
        this.err = err;
        this.inPlace = inPlace;
    }

    /** A line that the next update replaces (on a terminal). */
    public synchronized void update(String line) {
        if (inPlace) {
            err.print("\r\033[2K" + line);
            pending = true;
        } else {
            err.println(line);
        }
        err.flush();
    }

    /** A line that stays. */
    public synchronized void line(String line) {
        if (pending) {
            err.print("\r\033[2K");
            pending = false;
        }
        err.println(line);
        err.flush();
    }

    public PrintWriter writer() {
        return err;
    }
}
