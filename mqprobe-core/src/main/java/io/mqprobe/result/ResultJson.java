package io.mqprobe.result;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import io.mqprobe.api.units.DurationJson;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ServiceLoader;

/**
 * The one JSON mapper for result documents and specs: NaN and infinities become {@code null}, never
 * invalid JSON, and a {@code null} read into a {@code double} is NaN again (unknown, not 0); durations are ISO-8601
 * text; every {@link Verdict} kind found through {@link VerdictTypes} reads back.
 */
public final class ResultJson {

    public static final ObjectMapper MAPPER = withVerdictKinds(JsonMapper.builder(JsonFactory.builder()
                    // trees written by hand (OMB's result file) meet the same rule as records
                    .addDecorator((factory, generator) -> new FiniteNumbers(generator)).build())
            .addModule(new SimpleModule().addSerializer(Double.class, new FiniteDouble())
                    .addSerializer(double.class, new FiniteDouble())
                    // what was written as null because it was unknown (NaN) reads back as unknown, not as 0
                    .addDeserializer(double.class, new NumberDeserializers.DoubleDeserializer(double.class, Double.NaN))
                    .addSerializer(Duration.class, new DurationJson.Serializer())
                    .addDeserializer(Duration.class, new DurationJson.Deserializer()))
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build());

    /** Writes {@code value} to {@code file} as indented JSON: every JSON file mqprobe writes goes through here. */
    public static void writeFile(Path file, Object value) throws IOException {
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), value);
    }

    private static ObjectMapper withVerdictKinds(ObjectMapper mapper) {
        ServiceLoader.load(VerdictTypes.class, ResultJson.class.getClassLoader())
                .forEach(kinds -> kinds.types().forEach(mapper::registerSubtypes));
        return mapper;
    }

    private ResultJson() {
    }

    /** NaN and infinities, wherever they come from, as {@code null}. */
    private static final class FiniteNumbers extends JsonGeneratorDelegate {

        FiniteNumbers(JsonGenerator generator) {
            super(generator, false);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (Double.isFinite(v)) {
                super.writeNumber(v);
            } else {
                writeNull();
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            writeNumber((double) v);
        }
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
