package io.eventhandler.core.qos;


/**
 * What a subscriber asks of its topic beyond the events themselves. Requests only ever tighten a topic: when several
 * subscribers ask, the strictest request wins.
 *
 * @param priority consumer priority of a derived topic (higher is more urgent; CPEP §2.4), or null for none
 * @param qos      a stricter deadline or loss tolerance (FRAME), {@link QosRequest#NONE} for none
 */
public record SubscriberRequirements(Integer priority, QosRequest qos) {

    /** No request: the topic's configuration applies. */
    public static final SubscriberRequirements NONE = new SubscriberRequirements(null, QosRequest.NONE);

    public SubscriberRequirements {
        qos = qos == null ? QosRequest.NONE : qos;
    }

    /** A priority request only. */
    public SubscriberRequirements(final Integer priority) {
        this(priority, QosRequest.NONE);
    }

    /** The strictest of both requests. */
    public SubscriberRequirements strictest(final SubscriberRequirements other) {
        final Integer highest = priority == null ? other.priority
                : other.priority == null ? priority : Integer.valueOf(Math.max(priority, other.priority));
        return new SubscriberRequirements(highest, qos.strictest(other.qos));
    }
}
