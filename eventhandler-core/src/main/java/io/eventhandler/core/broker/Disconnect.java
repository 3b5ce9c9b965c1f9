package io.eventhandler.core.broker;

import io.eventhandler.core.outbox.CloseReason;

/**
 * One subscriber detached: who, from which topic, why and what it had received, for the status page.
 *
 * @param timeMillis when (epoch ms)
 * @param topic      the topic
 * @param subscriber its description
 * @param reason     why it was detached
 * @param delivered  events it had received
 * @param dropped    events it had lost
 */
public record Disconnect(long timeMillis, String topic, String subscriber, CloseReason reason, long delivered,
                         long dropped) {
}
