package io.mqprobe.cli.options;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A count on the command line, refused while parsing when it is below its least value, so a bad count stops a command
 * before any cluster starts, with the flag's name (picocli converter).
 */
public abstract class CountConverter implements ITypeConverter<Integer> {

    private final int least;

    CountConverter(int least) {
        this.least = least;
    }

    @Override
    public final Integer convert(String value) {
        int count;
        try {
            count = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not an int");
        }
        if (count < least) {
            throw new TypeConversionException("must be at least " + least + ", got " + count);
        }
        return count;
    }

    /** 0 and up: 0 stands for a rule (two partitions per broker, as many copies as brokers). */
    public static final class AtLeastZero extends CountConverter {
        public AtLeastZero() {
            super(0);
        }
    }

    public static final class AtLeastOne extends CountConverter {
        public AtLeastOne() {
            super(1);
        }
    }
}
