package io.eventhandler.benchmarks.load;

/**
 * The subscribers' side of a run's measured phase, summed over subscribers.
 *
 * @param expected            acknowledged events × subscribers
 * @param received            measured deliveries, duplicates included
 * @param unique              distinct measured deliveries
 * @param lost                expected deliveries that never arrived
 * @param duplicates          deliveries beyond the first of an event
 * @param outOfOrder          deliveries after a later event of the same publisher
 * @param gaps                SSE gap notices
 * @param drained             whether everything expected arrived within the drain timeout
 * @param seconds             from the first measured publish to the last measured receipt
 * @param deliveriesPerSecond unique / seconds
 * @param endToEnd            creation stamp → receipt latency of all distinct measured deliveries
 * @param fromSchedule        intended send instant → receipt (includes publisher lag); null when back-to-back
 */
public record DeliverySummary(
        long expected,
        long received,
        long unique,
        long lost,
        long duplicates,
        long outOfOrder,
        long gaps,
        boolean drained,
        double seconds,
        double deliveriesPerSecond,
        LatencySummary endToEnd,
        LatencySummary fromSchedule) {
}
