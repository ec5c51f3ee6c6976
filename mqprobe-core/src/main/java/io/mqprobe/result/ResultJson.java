package io.mqprobe.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;

import java.io.IOException;
import java.time.Duration;

/**
 * The one JSON mapper for result documents and specs: NaN and infinities become {@code null}, never
 * invalid JSON; durations are ISO-8601 text.
 */
public final class ResultJson {

    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new SimpleModule().addSerializer(Double.class, new FiniteDouble())
                    .addSerializer(double.class, new FiniteDouble())
                    // durations as ISO-8601 text ("PT2S"): the project carries no jsr310 module
                    .addSerializer(Duration.class, new ToStringSerializer(Duration.class))
                    .addDeserializer(Duration.class, new FromStringDeserializer<>(Duration.class) {
                        @Override
                        protected Duration _deserialize(String value, DeserializationContext ctxt) {
                            return Duration.parse(value);
                        }
                    }))
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();

    private ResultJson() {
    }

    private static final class FiniteDouble extends JsonSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (value == null || value.isNaN() || value.isInfinite()) {
                gen.writeNull();
            } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
                gen.writeNumber(value.longValue());
            } else {
                gen.writeNumber(Math.round(value * 1000) / 1000.0);
            }
        }
    }
}
