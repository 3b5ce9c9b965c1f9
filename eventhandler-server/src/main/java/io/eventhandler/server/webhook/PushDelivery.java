package io.eventhandler.server.webhook;

/**
 * Where the events of a stored subscription are pushed: to its webhook ({@link WebhookDispatcher}), or, for a
 * subscription whose notify target names another transport (an MQTT topic), to that transport's delivery.
 */
public interface PushDelivery {

    /**
     * Attach the subscription to its topic, replacing the subscriber's previous one for that topic.
     *
     * @param resumeAfter replay the history after this sequence number first; negative for live events only
     * @param position    advanced as its events are done with
     */
    void subscribe(WebhookSubscription subscription, long resumeAfter, DeliveredPositions.Position position);
}
