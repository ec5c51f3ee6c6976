package io.mqprobe.cli;

import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.SignalledException;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Turns every known failure into one line on stderr and an exit code; the stack trace is
 * printed only with {@code -x}.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    @Override
    public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        if (showStack(cmd)) {
            e.printStackTrace(err);
        }
        Throwable cause = rootKnown(e);
        SignalledException signalled = signalled(e);
        int code;
        if (signalled != null) {
            code = signalled.exitCode();
        } else if (cause instanceof UsageException || cause instanceof CommandLine.ParameterException) {
            code = ExitCode.BAD_INPUT;
        } else if (cause instanceof TargetUnreachableException) {
            code = ExitCode.UNREACHABLE;
        } else if (cause instanceof InterruptedException) {
            code = ExitCode.INTERRUPTED;
        } else {
            code = ExitCode.RUN_FAILED;
        }
        err.println("mqprobe: " + describe(e, cause));
        err.flush();
        return code;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        Throwable cause = rootKnown(e);
        String message = cause instanceof UsageException ? cause.getMessage() : e.getMessage();
        cmd.getErr().println("mqprobe: " + message);
        cmd.getErr().println("Try 'mqprobe " + commandPath(cmd) + "--help' for usage.");
        cmd.getErr().flush();
        return ExitCode.BAD_INPUT;
    }

    private static String commandPath(CommandLine cmd) {
        StringBuilder path = new StringBuilder();
        for (CommandLine c = cmd; c.getParent() != null; c = c.getParent()) {
            path.insert(0, c.getCommandName() + " ");
        }
        return path.toString();
    }

    /** The failure of a run a signal cut short, which exits with the signal's code; null when no signal did. */
    private static SignalledException signalled(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SignalledException signalled) {
                return signalled;
            }
        }
        return null;
    }

    /** Walks causes to the first mqprobe-known failure, so wrapped errors still map to the right code. */
    private static Throwable rootKnown(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UsageException || t instanceof TargetUnreachableException || t instanceof InterruptedException) {
                return t;
            }
        }
        return e;
    }

    /**
     * The known cause's message; when it has none (an InterruptedException seldom has one), the message of the wrapper
     * nearest to it that says more than its cause's name ("interrupted while the net server was busy"); else the
     * cause's class name.
     */
    private static String describe(Throwable outer, Throwable known) {
        String said = null;
        for (Throwable t = outer; t != null; t = t.getCause()) {
            String message = t.getMessage();
            boolean own = message != null && !message.isBlank()
                    && (t == known || t.getCause() == null || !message.equals(t.getCause().toString()));
            if (own) {
                said = message;
            }
            if (t == known) {
                break;
            }
        }
        return said != null ? said : known.getClass().getSimpleName();
    }

    private static boolean showStack(CommandLine cmd) {
        CommandLine root = cmd;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        return root.getCommand() instanceof MqprobeCommand top && top.showStackTraces;
    }
}
