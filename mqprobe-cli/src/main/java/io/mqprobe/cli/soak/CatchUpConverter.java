package io.mqprobe.cli.soak;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.soak.CatchUp;
import picocli.CommandLine;

/** {@code --catch-up}: {@code start}, or a lag such as {@code 60s}. */
final class CatchUpConverter implements CommandLine.ITypeConverter<CatchUp> {

    @Override
    public CatchUp convert(String value) {
        if ("start".equalsIgnoreCase(value.trim())) {
            return CatchUp.FROM_START;
        }
        try {
            return new CatchUp(new DurationConverter().convert(value));
        } catch (UsageException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
