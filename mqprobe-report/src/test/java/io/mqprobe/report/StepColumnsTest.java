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

        assertThat(StepColumns.interval(cold)).endsWith("(broker-2 compiling 340 ms/s)");
        assertThat(StepColumns.interval(warm)).doesNotContain("compiling").isNotBlank();
    }

    @Test
    void should_show_where_the_hosts_cores_went_and_nothing_for_a_step_without_an_account() throws Exception {
        JsonNode step = new ObjectMapper().readTree("{\"cpuAccount\": {\"hostCores\": 1.83, \"capacityCores\": 2, \"processes\": 1.42,"
                + " \"outsideQuotas\": 0.21, \"otherProcesses\": 0.1, \"kernelThreads\": 0.05, \"unexplained\": 0.05}}");

        // written before monitor threads were moved out of the quotas: no "monitors" field
        assertThat(StepColumns.hostCpu(step)).isEqualTo("1.83/2 cores: processes 1.42, JIT 0.21, monitors 0.00, other 0.10, kernel 0.05, unexplained 0.05");
        JsonNode now = new ObjectMapper().readTree("{\"cpuAccount\": {\"hostCores\": 1.83, \"capacityCores\": 2, \"processes\": 1.42,"
                + " \"outsideQuotas\": 0.17, \"monitors\": 0.04, \"otherProcesses\": 0.1, \"kernelThreads\": 0.05, \"unexplained\": 0.05}}");
        assertThat(StepColumns.hostCpu(now)).isEqualTo("1.83/2 cores: processes 1.42, JIT 0.17, monitors 0.04, other 0.10, kernel 0.05, unexplained 0.05");
        assertThat(StepColumns.hostCpu(new ObjectMapper().readTree("{}"))).isEmpty();
    }
}
