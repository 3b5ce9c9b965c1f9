package io.eventhandler.core.topic;

/**
 * Counters of one topic at one moment.
 *
 * @param topic              normalised name
 * @param lastSequence       sequence number of the newest event
 * @param accepted           events accepted
 * @param subscribers        subscribers attached now
 * @param deliveriesQueued   events queued to subscribers
 * @param deliveriesDropped  events dropped because a subscriber's queue was full
 * @param historySize        events held for replay
 * @param oldestInHistory    sequence number of the oldest held event
 */
public record TopicSnapshot(
        String topic,
        long lastSequence,
        long accepted,
        int subscribers,
        long deliveriesQueued,
        long deliveriesDropped,
        int historySize,
        long oldestInHistory) {
}
