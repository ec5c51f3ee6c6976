package io.mqprobe.monitor.proc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Every process's CPU split into user space and kernel threads, from planted /proc/<pid>/stat files. */
class MachineProcessesTest {

    @TempDir
    Path proc;

    /** A stat line with the given flags, utime and stime in ticks and start time; the name holds spaces and a parenthesis. */
    private void stat(int pid, String name, long flags, long utime, long stime, long start) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        // priority nice threads itrealvalue starttime ...
        Files.writeString(dir.resolve("stat"), pid + " (" + name + ") S 1 1 1 0 -1 " + flags + " 0 0 0 0 " + utime + " "
                + stime + " 0 0 20 0 1 0 " + start + " 0 0\n");
    }

    @Test
    void should_split_cpu_between_user_space_processes_and_kernel_threads_and_start_afresh_on_a_reused_pid() throws IOException {
        MachineProcesses machine = new MachineProcesses(proc);
        stat(100, "java (broker)", 0x400000, 1_000, 200, 5);
        stat(7, "ksoftirqd/0", 0x208040, 50, 300, 1);
        stat(200, "sshd", 0x400100, 10, 10, 9);
        Files.createDirectories(proc.resolve("self"));

        MachineProcesses.Cores first = machine.read(1_000);
        assertThat(first.processes()).isZero();
        assertThat(first.kernelThreads()).isZero();

        stat(100, "java (broker)", 0x400000, 1_120, 230, 5);   // 1.5 s of CPU in 2 s
        stat(7, "ksoftirqd/0", 0x208040, 60, 330, 1);          // 0.4 s
        stat(200, "make", 0x400100, 500, 500, 44);               // pid reused by a new process: nothing yet
        MachineProcesses.Cores second = machine.read(3_000);

        assertThat(second.processes()).isCloseTo(0.75, within(1e-9));
        assertThat(second.kernelThreads()).isCloseTo(0.2, within(1e-9));
    }
}
