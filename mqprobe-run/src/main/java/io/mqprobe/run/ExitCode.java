package io.mqprobe.run;

/** Process exit codes, listed in {@code --help}. */
public final class ExitCode {

    public static final int OK = 0;
    public static final int RUN_FAILED = 1;
    public static final int BAD_INPUT = 2;
    public static final int UNREACHABLE = 3;
    public static final int INTERRUPTED = 130;
    public static final int TERMINATED = 143;

    /** The codes as every command's {@code --help} lists them. */
    public static final String HELP = "%nExit codes:%n"
            + "  0    ok%n"
            + "  1    the run failed (broker error, check failed)%n"
            + "  2    bad input (unknown flag, bad size or duration, unreadable file, missing topic)%n"
            + "  3    target unreachable%n"
            + "  130  interrupted (Ctrl-C); partial results are still written%n"
            + "  143  terminated (SIGTERM); partial results are still written%n";

    /** True for the codes of a run cut short by a signal (Ctrl-C, SIGTERM). */
    public static boolean signalled(int code) {
        return code == INTERRUPTED || code == TERMINATED;
    }

    private ExitCode() {
    }
}
