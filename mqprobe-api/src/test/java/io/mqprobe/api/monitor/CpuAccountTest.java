package io.mqprobe.api.monitor;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The host's busy cores split from planted readings. */
class CpuAccountTest {

    private static ResourceUsage reading(String source, String metric, double mean) {
        return new ResourceUsage(source, metric, mean, mean, Metric.CPU_CORES.equals(metric) ? OptionalDouble.of(2) : OptionalDouble.empty());
    }

    @Test
    void should_split_the_hosts_busy_cores_into_processes_their_compilers_and_monitors_other_processes_kernel_and_the_rest() {
        CpuAccount account = CpuAccount.of(List.of(
                reading("broker-1", Metric.CPU_CORES, 0.48),
                reading("broker-1", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.30),
                reading("client", Metric.CPU_CORES, 0.45),
                // of the client's 0.08 outside its quota, 0.06 served its monitors
                reading("client", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.08),
                reading("client", Metric.CPU_MONITORS_CORES, 0.06),
                // a remote broker read over JMX: not a process on this host
                reading("broker-9", Metric.CPU_CORES, 1.5),
                reading("host", Metric.CPU_CORES, 1.66),
                reading("host", Metric.CPU_PROCESSES_CORES, 1.42),
                reading("host", Metric.CPU_KERNEL_THREADS_CORES, 0.10))).orElseThrow();

        assertThat(account.processes()).isCloseTo(0.93, within(1e-9));
        assertThat(account.outsideQuotas()).isCloseTo(0.32, within(1e-9));
        assertThat(account.monitors()).isCloseTo(0.06, within(1e-9));
        assertThat(account.otherProcesses()).isCloseTo(0.11, within(1e-9));
        assertThat(account.kernelThreads()).isCloseTo(0.10, within(1e-9));
        assertThat(account.unexplained()).isCloseTo(0.14, within(1e-9));
        assertThat(account.processes() + account.outsideQuotas() + account.monitors() + account.otherProcesses() + account.kernelThreads()
                + account.unexplained()).isCloseTo(account.hostCores(), within(1e-9));
        assertThat(account.beyondParts()).isEqualTo("JIT compilers 0.32 cores, unexplained 0.14, other processes 0.11, kernel threads 0.10, mqprobe's monitors 0.06");
        assertThat(account.compact()).isEqualTo("1.66/2 cores: processes 0.93, JIT 0.32, monitors 0.06, other 0.11, kernel 0.10, unexplained 0.14");
    }

    @Test
    void should_have_no_account_without_the_hosts_process_readings() {
        assertThat(CpuAccount.of(List.of(reading("host", Metric.CPU_CORES, 1.6), reading("client", Metric.CPU_CORES, 0.4)))).isEmpty();
    }

    @Test
    void should_show_readings_that_overlap_as_a_negative_rest_not_as_work_that_vanished() {
        CpuAccount account = CpuAccount.of(List.of(
                reading("client", Metric.CPU_CORES, 0.5),
                reading("client", Metric.CPU_OUTSIDE_QUOTA_CORES, 0),
                reading("host", Metric.CPU_CORES, 0.5),
                reading("host", Metric.CPU_PROCESSES_CORES, 0.48),
                reading("host", Metric.CPU_KERNEL_THREADS_CORES, 0.05))).orElseThrow();

        assertThat(account.otherProcesses()).isZero();
        assertThat(account.unexplained()).isCloseTo(-0.05, within(1e-9));
        assertThat(account.beyondParts()).isEqualTo("kernel threads 0.05 cores");
    }
}
