package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** A step's precision cell says when its figures are a cold JVM's, as result.json records it. */
@Timeout(10)
class StepColumnsTest {

    private static final String INTERVAL = "\"throughput\": {\"mean\": 50000, \"halfWidth\": 2000, \"readings\": 8, \"batches\": 4}";

    @Test
    void should_flag_a_step_measured_while_a_jvm_compiled() throws Exception {
        JsonNode cold = new ObjectMapper().readTree("{" + INTERVAL + ", \"compiling\": \"broker-2 compiling 340 ms/s\"}");
        JsonNode warm = new ObjectMapper().readTree("{" + INTERVAL + ", \"compiling\": null}");

        assertThat(StepColumns.interval(Typed.step(cold))).endsWith("(broker-2 compiling 340 ms/s)");
        assertThat(StepColumns.interval(Typed.step(warm))).doesNotContain("compiling").isNotBlank();
    }

    @Test
    void should_show_where_the_hosts_cores_went_and_nothing_for_a_step_without_an_account() throws Exception {
        // the account is worked out from the step's readings, as it was when the step was written
        String host = "{\"source\": \"host\", \"metric\": \"cpu.cores\", \"mean\": 1.83, \"peak\": 1.9, \"capacity\": 2},"
                + " {\"source\": \"host\", \"metric\": \"cpu.processes.cores\", \"mean\": 1.73, \"peak\": 1.8, \"capacity\": 2},"
                + " {\"source\": \"host\", \"metric\": \"cpu.kernel_threads.cores\", \"mean\": 0.05, \"peak\": 0.1, \"capacity\": 2},"
                + " {\"source\": \"broker-1\", \"metric\": \"cpu.cores\", \"mean\": 1.42, \"peak\": 1.5, \"capacity\": 2},"
                + " {\"source\": \"broker-1\", \"metric\": \"cpu.outside_quota.cores\", \"mean\": 0.21, \"peak\": 0.3, \"capacity\": 2}";
        JsonNode step = new ObjectMapper().readTree("{\"resources\": [" + host + "]}");

        // written before monitor threads were moved out of the quotas: no monitors reading
        assertThat(StepColumns.hostCpu(Typed.step(step))).isEqualTo("1.83/2 cores: processes 1.42, JIT 0.21, monitors 0.00, other 0.10, kernel 0.05, unexplained 0.05");
        JsonNode now = new ObjectMapper().readTree("{\"resources\": [" + host
                + ", {\"source\": \"broker-1\", \"metric\": \"cpu.monitors.cores\", \"mean\": 0.04, \"peak\": 0.05, \"capacity\": 2}]}");
        assertThat(StepColumns.hostCpu(Typed.step(now))).isEqualTo("1.83/2 cores: processes 1.42, JIT 0.17, monitors 0.04, other 0.10, kernel 0.05, unexplained 0.05");
        assertThat(StepColumns.hostCpu(Typed.step(new ObjectMapper().readTree("{}")))).isEmpty();
    }
}
