package io.mqprobe.ceilings.link;

/**
 * A link to measure: the far end lives in the network namespace of process {@code pid} (a broker) and listens on
 * {@code address}, an address of that namespace that this process reaches.
 *
 * @param name    who sits behind the link, as the monitors name it ({@code broker-2})
 * @param pid     a process inside the far end's network namespace
 * @param address the far end's address
 */
public record LinkTarget(String name, long pid, String address) {
}
