package io.eventhandler.core.outbox;

/**
 * Makes the listener each new subscriber's outbox reports to (in the Event Handler: the delivery accounting). Called
 * on the subscribing thread, once per attached subscriber.
 */
@FunctionalInterface
public interface OutboxListeners {

    /** Nobody listens: every outbox gets {@link OutboxListener#NONE}. */
    OutboxListeners NONE = (topic, subscriber, receivesEverything) -> OutboxListener.NONE;

    /**
     * @param topic              the normalised topic
     * @param subscriber         the subscriber's description
     * @param receivesEverything whether it wants every event of the topic (no filter), so that a sequence it never
     *                           gets is a loss
     */
    OutboxListener listenerFor(String topic, String subscriber, boolean receivesEverything);
}
