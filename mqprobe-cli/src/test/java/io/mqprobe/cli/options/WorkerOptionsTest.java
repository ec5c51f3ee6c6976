package io.mqprobe.cli.options;

import io.mqprobe.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class WorkerOptionsTest {

    @Test
    void should_start_local_workers_with_the_command_lines_own_main_class() {
        // named as text in the options (no dependency on the package that lists the commands): renaming Main fails here
        assertThat(WorkerOptions.WORKER_ENTRY_POINT).containsExactly(Main.class.getName(), "worker");
    }
}
