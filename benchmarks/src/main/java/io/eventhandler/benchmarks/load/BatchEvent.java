package io.eventhandler.benchmarks.load;

/**
 * One event of a batch publish.
 *
 * @param topic     the event type
 * @param payload   the payload
 * @param timeStamp the event's creation stamp, ISO-8601
 */
public record BatchEvent(String topic, String payload, String timeStamp) {
}
