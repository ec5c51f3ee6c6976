package io.mqprobe.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InstanceSpecTest {

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_parse_cloud_instance_sizes_with_a_heap_of_half_the_memory() {
        InstanceSpec spec = InstanceSpec.parse("0.5c1g");

        assertThat(spec.cpuCores()).isEqualTo(0.5);
        assertThat(spec.memoryBytes()).isEqualTo(1L << 30);
        assertThat(spec.heapBytes()).isEqualTo(512L << 20);
        assertThat(InstanceSpec.parse("2C4G")).hasToString("2c4g");
        assertThat(InstanceSpec.parse("0.25c512m")).hasToString("0.25c512m");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_refuse_malformed_or_tiny_specs_naming_the_form() {
        assertThatThrownBy(() -> InstanceSpec.parse("4g2c")).isInstanceOf(UsageException.class).hasMessageContaining("2c4g");
        assertThatThrownBy(() -> InstanceSpec.parse("0.01c1g")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> InstanceSpec.parse("1c128m")).isInstanceOf(UsageException.class);
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_round_trip_through_json_as_its_short_form() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String text = json.writeValueAsString(InstanceSpec.parse("2c4g"));

        assertThat(text).isEqualTo("\"2c4g\"");
        assertThat(json.readValue(text, InstanceSpec.class)).isEqualTo(InstanceSpec.parse("2c4g"));
    }
}
