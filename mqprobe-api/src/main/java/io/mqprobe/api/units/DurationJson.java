package io.mqprobe.api.units;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;

import java.io.IOException;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/**
 * The one JSON form of a {@link Duration}: ISO-8601 text ({@code "PT10S"}), in result documents (the result mapper
 * registers it) and in specs sent to child processes and peers (their fields name it), so both round-trip through plain
 * Jackson; the jsr310 module is not a dependency of this project.
 */
public final class DurationJson {

    private DurationJson() {
    }

    /** {@code Duration} to {@code "PT10S"}. */
    public static final class Serializer extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeString(value.toString());
        }
    }

    /** {@code "PT10S"} to {@code Duration}. */
    public static final class Deserializer extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            try {
                return Duration.parse(text);
            } catch (DateTimeParseException | NullPointerException e) {
                return (Duration) ctxt.handleWeirdStringValue(Duration.class, text, "not an ISO-8601 duration");
            }
        }
    }
}
