package io.eventhandler.server.observability;

/**
 * One topic's counters (or the sum of several, for {@value TopicSeries#OTHER}) as metrics show them.
 *
 * @param accepted    events accepted
 * @param queued      events queued to subscribers
 * @param delivered   events that reached a subscriber live
 * @param dropped     events that never will (queue full, subscriber closed, webhook given up)
 * @param deadlineMet of the delivered, those by t_c + D
 * @param deadlineMissed of the delivered, those after it
 * @param subscribers subscribers attached now
 * @param fromHistory events replayed from the history to subscribers that attached later (no deadline applies)
 */
record TopicTotals(long accepted, long queued, long delivered, long dropped, long deadlineMet, long deadlineMissed,
                   long subscribers, long fromHistory) {

    static final TopicTotals ZERO = new TopicTotals(0, 0, 0, 0, 0, 0, 0, 0);

    TopicTotals plus(final TopicTotals other) {
        return new TopicTotals(accepted + other.accepted, queued + other.queued, delivered + other.delivered,
                dropped + other.dropped, deadlineMet + other.deadlineMet, deadlineMissed + other.deadlineMissed,
                subscribers + other.subscribers, fromHistory + other.fromHistory);
    }
}
