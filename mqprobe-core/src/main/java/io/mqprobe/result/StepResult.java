package io.mqprobe.result;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.load.WindowTotals;
import io.mqprobe.stats.DeliveryReport;
import io.mqprobe.stats.LatencySummary;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One measured load step as stored in {@code scenarios[].steps[]} (see docs/result-schema.md).
 *
 * @param clientMetrics the producer clients' own averages over their life (batch size, records per request,
 *                      compression ratio; the driver's metric names), averaged over the clients; empty when none
 */
public record StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                         long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                         Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                         LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed,
                         List<ResourceUsage> resources, Map<String, Double> clientMetrics) {

    public StepResult {
        // documents written before client metrics were recorded have none
        clientMetrics = clientMetrics == null ? Map.of() : Map.copyOf(clientMetrics);
    }

    /** What the consumers saw during the step; {@code null} when nothing consumed. */
    public record Consumed(long records, double bytesPerSecond, long lost, long duplicates, long outOfOrder,
                           boolean lossCheckedAgainstAcks) {

        public static Consumed of(WindowTotals window, DeliveryReport delivery) {
            return new Consumed(window.consumedRecords(), window.consumedBytes() / window.consumedSeconds(),
                    delivery == null ? 0 : delivery.lost(), delivery == null ? 0 : delivery.duplicates(),
                    delivery == null ? 0 : delivery.outOfOrder(), delivery != null && delivery.checkedAgainstAcks());
        }
    }

    public static StepResult of(int index, int clients, double targetRecordsPerSecond, long startedEpochMs,
                                long warmupMs, WindowTotals window, Consumed consumed, List<ResourceUsage> resources,
                                Map<String, Double> clientMetrics) {
        return new StepResult(index, clients, targetRecordsPerSecond > 0 ? targetRecordsPerSecond : null,
                Instant.ofEpochMilli(startedEpochMs).toString(), warmupMs, window.toEpochMs() - window.fromEpochMs(),
                window.records(), window.bytes(), window.recordsPerSecond(), window.bytesPerSecond(), window.errors(),
                window.latencyUs(), window.serviceLatencyUs(), window.sendDelayUs(), window.e2eLatencyUs(), consumed,
                List.copyOf(resources), clientMetrics);
    }
}
