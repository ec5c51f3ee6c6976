package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import picocli.CommandLine;

import java.time.Duration;

/** {@code 500ms}, {@code 10s}, {@code 1m30s} (a bare number is seconds, as iperf3's {@code -t}) to a positive duration. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        Duration duration = new OrZero().convert(value);
        if (duration.isZero()) {
            throw new CommandLine.TypeConversionException("must be positive, got " + value);
        }
        return duration;
    }

    /** The same, allowing zero (a warm-up that can be switched off). */
    public static final class OrZero implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return TimeSpan.parse(value);
            } catch (UsageException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
