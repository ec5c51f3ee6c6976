package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class FieldsTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void should_read_the_default_when_a_field_is_absent_null_blank_or_of_another_type() throws Exception {
        JsonNode node = json("{\"n\": \"7\", \"t\": \"  \", \"o\": {}, \"z\": null}");

        assertThat(Fields.number(node, "missing", 3)).isEqualTo(3);
        assertThat(Fields.number(node, "n", 3)).isEqualTo(3);
        assertThat(Fields.number(null, "n", 3)).isEqualTo(3);
        assertThat(Fields.text(node, "t", "none")).isEqualTo("none");
        assertThat(Fields.text(node, "o", "none")).isEqualTo("none");
        assertThat(Fields.text(node, "z", "none")).isEqualTo("none");
        assertThat(Fields.text(null, "t", "none")).isEqualTo("none");
    }

    @Test
    void should_read_the_value_when_a_field_is_present() throws Exception {
        JsonNode node = json("{\"n\": 7.5, \"t\": \"kafka\", \"b\": true}");

        assertThat(Fields.number(node, "n", 3)).isEqualTo(7.5);
        assertThat(Fields.text(node, "t", "none")).isEqualTo("kafka");
        assertThat(Fields.text(node, "b", "none")).isEqualTo("true");
    }
}
