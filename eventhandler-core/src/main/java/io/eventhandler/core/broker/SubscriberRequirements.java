package io.eventhandler.core.broker;

/**
 * What a subscriber asks of its topic beyond the events themselves. Requests only ever tighten a topic: when several
 * subscribers ask, the strictest request wins.
 *
 * @param priority consumer priority of a derived topic (higher is more urgent; CPEP §2.4), or null for none
 */
public record SubscriberRequirements(Integer priority) {

    /** No request: the topic's configuration applies. */
    public static final SubscriberRequirements NONE = new SubscriberRequirements(null);

    /** The strictest of both requests. */
    public SubscriberRequirements strictest(final SubscriberRequirements other) {
        if (other.priority == null) {
            return this;
        }
        if (priority == null) {
            return other;
        }
        return new SubscriberRequirements(Math.max(priority, other.priority));
    }
}
