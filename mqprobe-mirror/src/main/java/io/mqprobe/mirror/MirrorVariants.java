package io.mqprobe.mirror;

import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --vary KEY=V1,V2} flags into the grid of variations, first flag outermost. */
public final class MirrorVariants {

    public static final int MAX_VARIANTS = 16;

    private MirrorVariants() {
    }

    public static List<MirrorVariant> grid(List<String> flags) {
        List<Map<String, String>> grid = new ArrayList<>();
        grid.add(new LinkedHashMap<>());
        for (String flag : flags) {
            int eq = flag.indexOf('=');
            if (eq <= 0 || eq == flag.length() - 1) {
                throw new UsageException("--vary expects KEY=V1,V2,..., got '" + flag + "'");
            }
            String key = flag.substring(0, eq).trim();
            List<String> values = List.of(flag.substring(eq + 1).split(","));
            if (values.stream().anyMatch(String::isBlank)) {
                throw new UsageException("--vary " + key + " has an empty value in '" + flag + "'");
            }
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> cell : grid) {
                for (String value : values) {
                    Map<String, String> more = new LinkedHashMap<>(cell);
                    more.put(key, value.trim());
                    next.add(more);
                }
            }
            grid = next;
        }
        if (grid.size() > MAX_VARIANTS) {
            throw new UsageException("--vary makes " + grid.size() + " variations; at most " + MAX_VARIANTS);
        }
        return grid.stream().map(MirrorVariant::of).toList();
    }
}
