package io.mqprobe.api;

/** One broker as the cluster describes it. {@code rack} may be null. */
public record BrokerInfo(int id, String host, int port, String rack) {
}
