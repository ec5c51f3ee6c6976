package io.mqprobe.cli.ceiling;

import io.mqprobe.ceilings.disk.FlushMode;
import picocli.CommandLine;

import java.util.Locale;

/** {@code page-cache}, {@code fsync} or {@code direct} to a {@link FlushMode}. */
final class FlushModeConverter implements CommandLine.ITypeConverter<FlushMode> {

    static final String CHOICES = "page-cache, fsync, direct";

    @Override
    public FlushMode convert(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "page-cache", "page_cache", "pagecache", "buffered" -> FlushMode.PAGE_CACHE;
            case "fsync", "periodic-fsync", "periodic_fsync" -> FlushMode.PERIODIC_FSYNC;
            case "direct", "o_direct" -> FlushMode.DIRECT;
            default -> throw new CommandLine.TypeConversionException("unknown mode '" + value + "' (choose " + CHOICES + ")");
        };
    }
}
