package io.eventhandler.core.delivery.accounting;

/**
 * End-to-end latency (creation → delivery) percentiles in microseconds; all 0 when nothing was delivered.
 *
 * @param count deliveries measured
 */
public record LatencyPercentiles(long count, long p50Micros, long p90Micros, long p99Micros, long p999Micros,
                                 long maxMicros) {
}
