package io.eventhandler.client.failover;

/**
 * What one topic's subscriber saw in a trial.
 *
 * @param lost              the publisher's events that never arrived
 * @param longestLossRun    the longest run of consecutive ones among them
 * @param deliveries        events the listener got (more than {@code distinct} would be a duplicate let through)
 * @param meanLatencyMs     mean end-to-end latency (creation at the publisher to the listener)
 * @param peakAroundKillMs  the highest latency of the events that arrived from 1 s before the kill to 2 s after
 * @param relate2Ms         mean latency × (percent lost + 1): ReLate2, lower is better
 */
record CategoryOutcome(PaperCategory category, int published, int distinct, int deliveries, int lost,
                       int longestLossRun, long duplicatesDropped, double meanLatencyMs, double peakAroundKillMs,
                       double relate2Ms) {

    static CategoryOutcome of(final CategoryStream stream, final long killEpochMicros) {
        double sum = 0;
        double peak = 0;
        final var arrivals = stream.arrivals();
        for (final long[] arrival : arrivals) {
            sum += arrival[2];
            if (arrival[1] >= killEpochMicros - 1_000_000 && arrival[1] <= killEpochMicros + 2_000_000) {
                peak = Math.max(peak, arrival[2] / 1_000.0);
            }
        }
        final double mean = arrivals.isEmpty() ? 0 : sum / arrivals.size() / 1_000.0;
        final double lostPercent = stream.published() == 0 ? 0 : 100.0 * stream.lost() / stream.published();
        return new CategoryOutcome(stream.category(), stream.published(), stream.distinct(), stream.deliveries(),
                stream.lost(), stream.longestLossRun(), stream.duplicatesDropped(), mean, peak,
                mean * (lostPercent + 1));
    }

    /** Whether the subscriber lost no more in a row than the topic tolerates (always, for best effort). */
    boolean withinTolerance() {
        return category.lossTolerance == null || longestLossRun <= category.lossTolerance;
    }

    @Override
    public String toString() {
        return category + " published " + published + " received " + distinct + " lost " + lost + " longest-run "
                + longestLossRun + " duplicates-dropped " + duplicatesDropped
                + String.format(java.util.Locale.ROOT, " mean %.2f ms peak %.2f ms", meanLatencyMs, peakAroundKillMs);
    }
}
