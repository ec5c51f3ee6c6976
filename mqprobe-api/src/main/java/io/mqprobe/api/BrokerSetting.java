package io.mqprobe.api;

/**
 * One broker setting as the broker reports it, with what a restore needs to know.
 *
 * @param value           current value, {@code null} when unset or sensitive
 * @param brokerOverride  true when the value is a dynamic override on this very broker (restore sets it back);
 *                        false when it comes from the cluster default or the static file (restore removes the override)
 * @param readOnly        true when the broker cannot change it without a restart (a static setting)
 */
public record BrokerSetting(String value, boolean brokerOverride, boolean readOnly) {
}
