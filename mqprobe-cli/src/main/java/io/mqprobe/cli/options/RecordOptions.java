package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.stamp.MessageStamp;
import picocli.CommandLine.Option;

/** The records a load sends: their size and their bytes (picocli mixin of every command that produces). */
public final class RecordOptions {

    /** The largest record a load sends: well above any broker's default message limit, so the broker refuses first. */
    static final int MAX_RECORD_BYTES = 64 << 20;

    @Option(names = "--record-size", paramLabel = "SIZE", defaultValue = "1KiB", converter = SizeConverter.class,
            description = "Record size (default: ${DEFAULT-VALUE}).")
    int sizeBytes;

    @Option(names = "--payload", paramLabel = "KIND", defaultValue = "random",
            description = "random | compressible:RATIO | file:PATH (default: ${DEFAULT-VALUE}).")
    String payload;

    /** The record size, checked: room for mqprobe's stamp, at most 64 MiB. */
    public int sizeBytes() {
        if (sizeBytes < MessageStamp.SIZE_BYTES || sizeBytes > MAX_RECORD_BYTES) {
            throw new UsageException("--record-size must be between " + ByteSize.format(MessageStamp.SIZE_BYTES) + " and "
                    + ByteSize.format(MAX_RECORD_BYTES) + ", got " + ByteSize.format(sizeBytes));
        }
        return sizeBytes;
    }

    public PayloadSpec payload() {
        return PayloadSpec.parse(payload);
    }
}
