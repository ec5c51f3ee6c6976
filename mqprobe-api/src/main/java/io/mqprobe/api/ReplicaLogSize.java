package io.mqprobe.api;

/**
 * Bytes one broker holds on disk for one partition (leader or follower copy); sampling it over
 * time gives per-broker write rates that leader-only metrics cannot show.
 */
public record ReplicaLogSize(int brokerId, String topic, int partition, long sizeBytes) {
}
