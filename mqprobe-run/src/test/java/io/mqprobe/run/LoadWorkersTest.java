package io.mqprobe.run;

import io.mqprobe.api.Target;
import io.mqprobe.load.RunControl;
import io.mqprobe.workers.WorkerLoss;
import io.mqprobe.workers.WorkerToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import sun.misc.Signal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadWorkersTest {

    private static final Target TARGET = new Target("instant", "127.0.0.1:9092", Map.of(), Duration.ofSeconds(5));

    /**
     * SIGTERM (or Ctrl-C: one handler) while a run waits minutes for workers that do not come: the wait ends, and the
     * run stops as after Ctrl-C. TERM, because a test JVM started as a script's background job has SIGINT ignored.
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)   // far below the join timeout: a wait blind to the signal fails here
    void should_stop_waiting_for_workers_to_join_on_a_signal() {
        RunControl control = new RunControl();
        WorkerPlan.Joining plan = new WorkerPlan.Joining(2, new InetSocketAddress("127.0.0.1", 0), WorkerToken.random(),
                Duration.ofSeconds(120), WorkerLoss.STOP, null);
        List<String> said = new CopyOnWriteArrayList<>();
        // the signal once the run says it waits; a daemon that naps, so an open that fails before waiting leaves no core busy
        Thread signaller = new Thread(() -> {
            while (said.isEmpty()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
            Signal.raise(new Signal("TERM"));
        });
        signaller.setDaemon(true);

        try (Interruption interruption = Interruption.install(control, new PrintWriter(new StringWriter()))) {
            signaller.start();
            assertThatThrownBy(() -> LoadWorkers.open(plan, TARGET, null, Optional.empty(), said::add, control))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("stopped while waiting: 0 of 2 load workers had joined")
                    .hasRootCauseInstanceOf(InterruptedException.class);
            assertThat(interruption.signalled()).isTrue();
        }
        assertThat(said).singleElement().asString().contains("waiting up to 120 s for 2 load workers");
        // what runs next (stopping the brokers, writing the partial result) must not find its thread interrupted
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
