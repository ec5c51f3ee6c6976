package io.mqprobe.plan;

/** Machines of one kind in a planned cluster: brokers, KRaft controllers, masters, slaves, name servers. */
public record Role(String name, int count, String why) {
}
