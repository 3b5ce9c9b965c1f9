package io.eventhandler.core.delivery.accounting;

/**
 * Delivery results of one topic (over its subscribers) or one subscriber (over its topics).
 *
 * @param delivered      messages delivered live (history replays are counted apart)
 * @param deadlineMet    of those, delivered by t_c + D
 * @param deadlineMissed of those, delivered after t_c + D
 * @param dropped        messages dropped (e.g. a full subscriber queue)
 * @param longestLossRun the longest run of consecutive losses in any one subscriber's stream of one topic
 * @param latency        end-to-end latency percentiles of the delivered messages
 * @param fromHistory    messages replayed from the history to a subscriber that attached later (with
 *                       {@code Last-Event-ID}): delivered, but not against the deadline, which is the live
 *                       delivery's: neither met nor missed, and not in the latency
 */
public record DeliveryStatistics(long delivered, long deadlineMet, long deadlineMissed, long dropped,
                                 long longestLossRun, LatencyPercentiles latency, long fromHistory) {

    /** The share of delivered messages that met their deadline, 1 when none was delivered. */
    public double deadlineSuccessRate() {
        return delivered == 0 ? 1.0 : (double) deadlineMet / delivered;
    }
}
