package io.mqprobe.cli;

import io.mqprobe.run.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/** The top-level {@code mqprobe} command; subcommands are one class each, verb first. */
@Command(name = "mqprobe",
        mixinStandardHelpOptions = true,
        versionProvider = MqprobeCommand.Version.class,
        description = "Capacity probing and load testing for message-queue clusters (Kafka).",
        footer = ExitCode.HELP,
        subcommands = {
                CommandLine.HelpCommand.class,
        })
public final class MqprobeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-x", "--stack-traces"}, scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of failures (for bug reports).")
    boolean showStackTraces;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command line wired with mqprobe's failure handling and the given streams. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        FailureHandler failures = new FailureHandler();
        CommandLine cmd = new CommandLine(new MqprobeCommand());
        Subcommands.register(cmd);
        return cmd.setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler(failures)
                .setParameterExceptionHandler(failures)
                .setCaseInsensitiveEnumValuesAllowed(true);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = MqprobeCommand.class.getPackage().getImplementationVersion();
            return new String[]{"mqprobe " + (v == null ? "dev" : v)};
        }
    }
}
