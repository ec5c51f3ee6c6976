package io.mqprobe.api;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Masks values of client settings that can hold secrets before anything is printed or stored. */
public final class SecretRedaction {

    /** Kafka and RocketMQ settings carrying passwords, keys or JAAS configs (which embed passwords). */
    private static final Pattern SECRET_KEY = Pattern.compile(".*(password|secret|jaas|credential|token|key(?!\\.serializer|\\.deserializer)).*");

    public static final String MASK = "[redacted]";

    private SecretRedaction() {
    }

    /** True when a setting named {@code key} may carry a secret. */
    public static boolean isSecret(String key) {
        return SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).matches();
    }

    /** A sorted copy with secret values replaced by {@link #MASK}. */
    public static Map<String, String> redact(Map<String, String> properties) {
        Map<String, String> safe = new TreeMap<>();
        properties.forEach((k, v) -> safe.put(k, isSecret(k) ? MASK : v));
        return safe;
    }
}
