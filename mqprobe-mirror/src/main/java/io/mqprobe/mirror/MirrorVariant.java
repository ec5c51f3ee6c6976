package io.mqprobe.mirror;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * One variation of the mirror experiment: native producer settings of the load into the source (the field
 * study's table varies compression and batch size), named by its values ({@code lz4}, {@code none-batch-16384}).
 */
public record MirrorVariant(String name, Map<String, String> producerProperties) {

    public MirrorVariant {
        producerProperties = Map.copyOf(producerProperties);
    }

    /** A variant named after its values in the given order, e.g. {@code lz4-1048576}. */
    public static MirrorVariant of(Map<String, String> settings) {
        String name = settings.values().stream().map(v -> v.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-"))
                .collect(Collectors.joining("-"));
        return new MirrorVariant(name.isEmpty() ? "default" : name, settings);
    }
}
