package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import picocli.CommandLine;

/** {@code 64k}, {@code 1m}, {@code 4GiB} to bytes, for options that fit an int. */
public final class SizeConverter implements CommandLine.ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        long bytes = new Long().convert(value);
        if (bytes > Integer.MAX_VALUE) {
            throw new CommandLine.TypeConversionException("'" + value + "' is too large");
        }
        return (int) bytes;
    }

    /** The same for options that may exceed 2 GiB. */
    public static final class Long implements CommandLine.ITypeConverter<java.lang.Long> {
        @Override
        public java.lang.Long convert(String value) {
            try {
                return ByteSize.parse(value);
            } catch (UsageException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
