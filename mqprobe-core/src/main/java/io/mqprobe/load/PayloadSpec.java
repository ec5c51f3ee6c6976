package io.mqprobe.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mqprobe.api.UsageException;

import java.nio.file.Path;

/** What message bodies are made of: {@code random}, {@code compressible:RATIO} or {@code file:PATH}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = PayloadSpec.Random.class, name = "random"),
        @JsonSubTypes.Type(value = PayloadSpec.Compressible.class, name = "compressible"),
        @JsonSubTypes.Type(value = PayloadSpec.FromFile.class, name = "file")})
public sealed interface PayloadSpec {

    /** Incompressible random bytes (the worst case for compression, the usual benchmark default). */
    record Random() implements PayloadSpec {
    }

    /** Bytes that compress about {@code ratio}:1 with the usual codecs (e.g. 4 = compresses to a quarter). */
    record Compressible(double ratio) implements PayloadSpec {
        public Compressible {
            if (!(ratio >= 1 && ratio <= 100)) {
                throw new UsageException("compressible ratio must be between 1 and 100, got " + ratio);
            }
        }
    }

    /** The contents of a file, repeated as needed (real business messages compress like real data). */
    record FromFile(Path file) implements PayloadSpec {
    }

    static PayloadSpec parse(String text) {
        String t = text.trim();
        if (t.equals("random")) {
            return new Random();
        }
        if (t.startsWith("compressible:")) {
            try {
                return new Compressible(Double.parseDouble(t.substring("compressible:".length())));
            } catch (NumberFormatException e) {
                throw new UsageException("bad payload '" + text + "': compressible:RATIO needs a number, e.g. compressible:4");
            }
        }
        if (t.startsWith("file:") && t.length() > 5) {
            return new FromFile(Path.of(t.substring(5)));
        }
        throw new UsageException("bad payload '" + text + "' (use random, compressible:RATIO or file:PATH)");
    }
}
