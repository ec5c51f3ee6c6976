package io.mqprobe.run;

import io.mqprobe.load.RunControl;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sun.misc.Signal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Signals raised in this JVM while an {@link Interruption} is installed (without it, TERM would end the test JVM). */
class InterruptionTest {

    @ParameterizedTest
    @CsvSource({"INT, 130, Ctrl-C again", "TERM, 143, terminated (SIGTERM)"})
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_cancel_the_run_on_the_first_signal_and_exit_with_its_code(String signal, int code, String said) throws Exception {
        RunControl control = new RunControl();
        StringWriter err = new StringWriter();
        try (Interruption interruption = Interruption.install(control, new PrintWriter(err))) {
            assertThat(interruption.exitCode(0)).isZero();
            // a test JVM started as a script's background job has SIGINT ignored: raised here it would never arrive
            assumeTrue(interruption.hears(signal), "SIG" + signal + " is ignored in this JVM, as its launcher left it");

            Signal.raise(new Signal(signal));
            while (!control.cancelled()) {
                Thread.sleep(10);
            }

            assertThat(interruption.signalled()).isTrue();
            assertThat(interruption.exitCode(0)).isEqualTo(code);
            assertThat(err.toString()).contains(said);
        }
    }
}
