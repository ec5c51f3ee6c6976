package io.mqprobe.cli;

import io.mqprobe.api.UsageException;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/** The one line and the exit code a failure becomes, for failures wrapped the ways the code wraps them. */
class FailureHandlerTest {

    @Test
    void should_say_what_was_interrupted_when_the_interruption_itself_says_nothing() {
        Failed run = fail(new IllegalStateException("interrupted while the net server was busy", new InterruptedException()));
        assertThat(run.code).isEqualTo(ExitCode.INTERRUPTED);
        assertThat(run.line).isEqualTo("mqprobe: interrupted while the net server was busy");
        // a wrapper that only repeats its cause's name says nothing more than the cause's class name
        Failed bare = fail(new RuntimeException(new InterruptedException()));
        assertThat(bare.line).isEqualTo("mqprobe: InterruptedException");
    }

    @Test
    void should_keep_the_known_cause_s_own_message_and_an_unknown_failure_s_whole_message() {
        Failed usage = fail(new IllegalStateException("while reading", new UsageException("bad duration 'fast'")));
        assertThat(usage.code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(usage.line).isEqualTo("mqprobe: bad duration 'fast'");
        Failed unknown = fail(new RuntimeException(new IOException("disk full")));
        assertThat(unknown.code).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(unknown.line).isEqualTo("mqprobe: java.io.IOException: disk full");
    }

    private record Failed(int code, String line) {
    }

    @CommandLine.Command(name = "failing")
    static final class Failing implements Callable<Integer> {
        private final RuntimeException failure;

        Failing(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() {
            throw failure;
        }
    }

    private static Failed fail(RuntimeException failure) {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new Failing(failure)).setErr(new PrintWriter(err, true))
                .setExecutionExceptionHandler(new FailureHandler());
        int code = cmd.execute();
        return new Failed(code, err.toString().strip());
    }
}
