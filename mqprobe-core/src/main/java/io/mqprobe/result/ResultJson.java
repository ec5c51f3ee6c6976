package io.mqprobe.result;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
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
import java.util.OptionalDouble;
import java.util.ServiceLoader;

/**
 * The one JSON mapper for result documents and specs: an unknown figure is an empty {@link OptionalDouble} in the
 * records and {@code null} in the file (as are NaN and infinities, never invalid JSON); durations are ISO-8601 text;
 * every {@link Verdict} kind found through {@link VerdictTypes} reads back.
 */
public final class ResultJson {

    public static final ObjectMapper MAPPER = withVerdictKinds(JsonMapper.builder(JsonFactory.builder()
                    // trees written by hand (OMB's result file) meet the same rule as records
                    .addDecorator((factory, generator) -> new FiniteNumbers(generator)).build())
            .addModule(new SimpleModule().addSerializer(Double.class, new FiniteDouble())
                    .addSerializer(double.class, new FiniteDouble())
                    // our own, not jackson-datatype-jdk8's: that one writes an OptionalDouble unrounded, and the file
                    // must read as it did when unknown figures were NaN in the records
                    .addSerializer(OptionalDouble.class, new FiniteOptionalDouble())
                    .addDeserializer(OptionalDouble.class, new OptionalDoubleReader())
                    // Files written before the records said "unknown" with OptionalDouble hold null in fields that are
                    // still plain doubles (a timeline sample's value, a resource's mean): that null was NaN, unknown,
                    // and must not read as 0. Kept while such files (mqprobe.result/v1 and v2) are read.
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

    /** Rounded to 3 decimals, an integral value as a long: the file stays short and diffable. */
    private static final class FiniteDouble extends JsonSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (value == null) {
                gen.writeNull();
            } else {
                write(value, gen);
            }
        }

        static void write(double value, JsonGenerator gen) throws IOException {
            if (!Double.isFinite(value)) {
                gen.writeNull();
            } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
                gen.writeNumber((long) value);
            } else {
                gen.writeNumber(Math.round(value * 1000) / 1000.0);
            }
        }
    }

    /** A known figure as {@link FiniteDouble} writes a double, an unknown one as {@code null}. */
    private static final class FiniteOptionalDouble extends JsonSerializer<OptionalDouble> {
        @Override
        public void serialize(OptionalDouble value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (value == null || value.isEmpty()) {
                gen.writeNull();
            } else {
                FiniteDouble.write(value.getAsDouble(), gen);
            }
        }
    }

    /** {@code null}, an absent field and a non-finite number all read as unknown: an empty {@link OptionalDouble}. */
    private static final class OptionalDoubleReader extends JsonDeserializer<OptionalDouble> {
        @Override
        public OptionalDouble deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Double value = ctxt.readValue(p, Double.class);
            return value == null || !Double.isFinite(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
        }

        @Override
        public OptionalDouble getNullValue(DeserializationContext ctxt) {
            return OptionalDouble.empty();
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return OptionalDouble.empty();
        }
    }
}
